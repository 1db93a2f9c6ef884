//! The C harness linked with a natively compiled benchmark program: it serves the
//! nondeterministic values from the same stream the interpreter reads (environment variable
//! `LEAPFROG_NONDET`), reports how the run ended on standard error, and calls the entry function
//! with parameters from the stream.

use leapfrog_ir::{Program, Type, VarTy};

/// The marker line the harness prints before ending a run itself.
pub const OUTCOME_MARKER: &str = "LEAPFROG_OUTCOME";

/// The name the user's `main` is renamed to in the object files (so the harness owns `main`).
pub const RENAMED_MAIN: &str = "__leapfrog_user_main";

const PRELUDE: &str = r#"
typedef unsigned long lf_size_t;
extern char *getenv(const char *);
extern long long strtoll(const char *, char **, int);
extern int fprintf(void *, const char *, ...);
extern void *stderr;
extern void _exit(int);
#define LF_NOI __attribute__((no_instrument_function))
#define LF_WEAK __attribute__((weak, no_instrument_function))
static long long lf_values[65536];
static int lf_count, lf_next_index;
LF_NOI static void lf_read_stream(void) {
    const char *s = getenv("LEAPFROG_NONDET");
    while (s && *s && lf_count < 65536) {
        char *end;
        long long v = strtoll(s, &end, 10);
        if (end == s) break;
        lf_values[lf_count++] = v;
        s = end;
        while (*s == ',' || *s == ' ') s++;
    }
}
LF_NOI long long lf_next(void) { return lf_next_index < lf_count ? lf_values[lf_next_index++] : 0; }
LF_NOI void lf_outcome(const char *kind) {
    fprintf(stderr, "\nLEAPFROG_OUTCOME %s\n", kind);
    _exit(0);
}
/* The verification conventions, unless the program defines them itself. */
LF_WEAK void __VERIFIER_assume(int c) { if (!c) lf_outcome("blocked"); }
LF_WEAK void assume(int c) { if (!c) lf_outcome("blocked"); }
LF_WEAK void __CPROVER_assume(int c) { if (!c) lf_outcome("blocked"); }
LF_WEAK void __VERIFIER_assert(int c) { if (!c) lf_outcome("error"); }
LF_WEAK void assert(int c) { if (!c) lf_outcome("error"); }
LF_WEAK void __CPROVER_assert(int c, const char *m) { (void)m; if (!c) lf_outcome("error"); }
LF_WEAK void __VERIFIER_error(void) { lf_outcome("error"); }
LF_NOI void __assert_fail(const char *a, const char *f, unsigned l, const char *fn) { lf_outcome("error"); }
/* A call of reach_error (or of a __VERIFIER_error the program defines) is the violation, whatever
   its body does: detected on entry through -finstrument-functions. A program that only declares
   reach_error gets this (weak) definition instead. */
LF_WEAK void reach_error(void) { lf_outcome("error"); }
extern void __VERIFIER_error(void);
LF_NOI void __cyg_profile_func_enter(void *fn, void *site) {
    (void)site;
    if (fn == (void *)reach_error || fn == (void *)__VERIFIER_error) lf_outcome("error");
}
LF_NOI void __cyg_profile_func_exit(void *fn, void *site) { (void)fn; (void)site; }
"#;

/// Nondeterministic-value functions: (name, C type).
const NONDET_FUNCTIONS: &[(&str, &str)] = &[
    ("__VERIFIER_nondet_int", "int"),
    ("__VERIFIER_nondet_uint", "unsigned int"),
    ("__VERIFIER_nondet_unsigned", "unsigned int"),
    ("__VERIFIER_nondet_char", "char"),
    ("__VERIFIER_nondet_uchar", "unsigned char"),
    ("__VERIFIER_nondet_short", "short"),
    ("__VERIFIER_nondet_ushort", "unsigned short"),
    ("__VERIFIER_nondet_long", "long"),
    ("__VERIFIER_nondet_ulong", "unsigned long"),
    ("__VERIFIER_nondet_longlong", "long long"),
    ("__VERIFIER_nondet_ulonglong", "unsigned long long"),
    ("__VERIFIER_nondet_bool", "_Bool"),
    ("__VERIFIER_nondet__Bool", "_Bool"),
    ("__VERIFIER_nondet_size_t", "unsigned long"),
    ("__VERIFIER_nondet_pointer", "void *"),
    ("unknown", "int"),
    ("nondet", "int"),
    ("random", "long"),
];

/// The harness source for a program.
pub fn harness_source(p: &Program) -> Result<String, String> {
    let mut src = String::from(PRELUDE);
    for (name, ty) in NONDET_FUNCTIONS {
        src.push_str(&format!("LF_WEAK {ty} {name}(void) {{ return ({ty})lf_next(); }}\n"));
    }
    // Functions the program calls without defining: an arbitrary value from the stream, exactly
    // as the interpreter models them.
    for ext in &p.externs {
        if NONDET_FUNCTIONS.iter().any(|(n, _)| *n == ext.name) {
            continue;
        }
        match ext.ret {
            Some(t) => {
                let ty = c_type(t)?;
                src.push_str(&format!("LF_NOI {ty} {}() {{ return ({ty})lf_next(); }}\n", ext.name));
            }
            None => src.push_str(&format!("LF_NOI void {}() {{ }}\n", ext.name)),
        }
    }
    src.push_str(&entry_call(p)?);
    Ok(src)
}

/// `main`: read the stream, then call the entry with parameters from it, in order.
fn entry_call(p: &Program) -> Result<String, String> {
    let entry = p.entry.ok_or("no entry function")?;
    let f = &p.funcs[entry];
    let callee = if f.name == "main" { RENAMED_MAIN.to_string() } else { f.name.clone() };
    let mut params = Vec::new();
    let mut decl_params = Vec::new();
    let mut body = String::from("    lf_read_stream();\n");
    for (i, v) in f.params.iter().enumerate() {
        let ty = match &p.vars[*v].ty {
            VarTy::Reg(t) => c_type(*t)?,
            VarTy::Mem(_) => return Err("entry parameter in memory".into()),
        };
        body.push_str(&format!("    {ty} a{i} = ({ty})lf_next();\n"));
        params.push(format!("a{i}"));
        decl_params.push(ty);
    }
    let ret = match f.ret.map(|r| &p.vars[r].ty) {
        None => None,
        Some(VarTy::Reg(t)) => Some(c_type(*t)?),
        Some(VarTy::Mem(_)) => return Err("entry returns a struct".into()),
    };
    let decl = format!(
        "extern {} {callee}({});\n",
        ret.as_deref().unwrap_or("void"),
        if decl_params.is_empty() { "void".to_string() } else { decl_params.join(", ") }
    );
    let call = format!("{callee}({})", params.join(", "));
    body.push_str(&match ret {
        Some(_) => format!("    return (int){call};\n"),
        None => format!("    {call};\n    return 0;\n"),
    });
    Ok(format!("{decl}LF_NOI int main(void) {{\n{body}}}\n"))
}

fn c_type(t: Type) -> Result<String, String> {
    match t {
        Type::Int(i) => Ok(leapfrog_c_frontend::ctypes::c_int_name(i).to_string()),
        Type::Ptr => Ok("void *".to_string()),
        other => Err(format!("value of type {other}")),
    }
}
