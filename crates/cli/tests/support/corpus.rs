//! The development benchmark corpus for corpus-wide tests: its programs (one per distinct set of
//! files, a TACLeBench program being its folder) with their data models, and seeded input
//! streams. Shared by the test files that include it with `#[path]`.

#![allow(dead_code)]

use leapfrog_ir::DataModel;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// The C programs (`.c`) of the folder `dir`, sorted by path.
pub fn c_programs(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "c"))
        .collect();
    out.sort();
    out
}

pub fn benchmarks_dir() -> PathBuf {
    match std::env::var_os("LEAPFROG_BENCHMARKS") {
        Some(d) => PathBuf::from(d),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/benchmarks"),
    }
}

/// A program of the manifest: its files (a TACLeBench program is its folder), data model and the
/// properties its rows check (`unreach-call`, `termination`, ...).
pub struct Task {
    pub files: Vec<PathBuf>,
    pub data_model: DataModel,
    pub properties: Vec<String>,
}

/// The programs of the manifest, one per distinct set of files.
pub fn tasks(dir: &Path) -> Vec<Task> {
    let models = data_models(dir);
    let manifest = std::fs::read_to_string(dir.join("manifest.csv")).expect("benchmarks manifest");
    let mut seen: HashMap<Vec<PathBuf>, usize> = HashMap::new();
    let mut out: Vec<Task> = Vec::new();
    for line in manifest.lines().skip(1) {
        let cols: Vec<&str> = line.split(',').collect();
        let (suite, file, property) = (cols[1], cols[2], cols[3]);
        let path = dir.join(file);
        let files = if suite == "tacle-bench" {
            let folder = path.parent().unwrap();
            let mut fs: Vec<PathBuf> = std::fs::read_dir(folder)
                .unwrap()
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "c"))
                .collect();
            fs.sort();
            fs
        } else {
            vec![path]
        };
        if let Some(&i) = seen.get(&files) {
            if !out[i].properties.iter().any(|p| p == property) {
                out[i].properties.push(property.to_string());
            }
        } else {
            seen.insert(files.clone(), out.len());
            let data_model = models.get(file).copied().unwrap_or_default();
            out.push(Task { files, data_model, properties: vec![property.to_string()] });
        }
    }
    out
}

/// The data model of each SV-COMP input file, from `svcomp-tasks.csv` (`input_file`,
/// `data_model` columns).
pub fn data_models(dir: &Path) -> HashMap<String, DataModel> {
    let Ok(text) = std::fs::read_to_string(dir.join("svcomp-tasks.csv")) else { return HashMap::new() };
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap_or_default().split(',').collect();
    let column = |name: &str| header.iter().position(|h| *h == name).expect("svcomp-tasks.csv column");
    let (input, model) = (column("input_file"), column("data_model"));
    let mut out = HashMap::new();
    for line in lines {
        let cols: Vec<&str> = line.split(',').collect();
        let dm = match cols.get(model).map(|m| m.trim()) {
            Some("ILP32") => DataModel::ILP32,
            Some("LP64") => DataModel::LP64,
            _ => continue,
        };
        if let Some(file) = cols.get(input) {
            out.entry(file.to_string()).or_insert(dm);
        }
    }
    out
}

/// A small deterministic generator (splitmix64).
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e3779b97f4a7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58476d1ce4e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d049bb133111eb);
        z ^ (z >> 31)
    }
}

/// A stream biased to small values (so loops bounded by inputs end), with boundary values and
/// arbitrary 32-bit ones mixed in (as in the differential test).
pub fn stream(seed: u64) -> Vec<i128> {
    let mut rng = Rng(seed);
    let len = 8 + rng.next() % 120;
    let boundaries: [i128; 10] = [0, 1, -1, 2, 127, 128, 255, 256, i32::MAX as i128, i32::MIN as i128];
    (0..len)
        .map(|_| match rng.next() % 20 {
            0..=13 => (rng.next() % 40) as i128 - 8,
            14..=16 => boundaries[(rng.next() % boundaries.len() as u64) as usize],
            _ => i128::from(rng.next() as u32 as i32),
        })
        .collect()
}

pub fn seed_of(files: &[PathBuf], run: u64) -> u64 {
    let mut h: u64 = 0xcbf29ce484222325;
    for f in files {
        for b in f.file_name().unwrap().as_encoded_bytes() {
            h = (h ^ u64::from(*b)).wrapping_mul(0x100000001b3);
        }
    }
    h ^ run.wrapping_mul(0x9e3779b97f4a7c15)
}

/// Calls `f` on every item, on two threads (the machines have two cores).
pub fn for_each_parallel<T: Sync>(items: &[T], f: impl Fn(&T) + Sync) {
    let next = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| {
                while let Some(item) = items.get(next.fetch_add(1, std::sync::atomic::Ordering::SeqCst)) {
                    f(item);
                }
            });
        }
    });
}
