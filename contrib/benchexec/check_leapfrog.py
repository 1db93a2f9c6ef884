"""Checks contrib/benchexec/leapfrog.py against a built Leapfrog (run from the repository root,
with BenchExec installed: `python3 contrib/benchexec/check_leapfrog.py`). It builds each
command line as BenchExec would, runs it, and maps the output to BenchExec's result words."""

import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchexec.tools.template as template  # noqa: E402
import benchexec.result as result  # noqa: E402
import leapfrog  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
EXE = os.path.join(ROOT, "target", "release", "leapfrog")


class Output(list):
    pass


class ExitCode:
    def __init__(self, value):
        self.value = value


class Run:
    def __init__(self, cmdline, proc):
        self.cmdline = cmdline
        self.output = Output(proc.stdout.splitlines())
        self.exit_code = ExitCode(proc.returncode)
        self.was_timeout = False


def check(tool, program, prp_text, prp_name, expected):
    with tempfile.TemporaryDirectory() as d:
        prp = os.path.join(d, prp_name)
        with open(prp, "w") as f:
            f.write(prp_text)
        task = template.BaseTool2.Task(
            input_files=[program], identifier=None, property_file=prp, options={"data_model": "LP64"}
        )
        limits = template.BaseTool2.ResourceLimits(cputime=20)
        cmd = tool.cmdline(EXE, [], task, limits)
        proc = subprocess.run(cmd, capture_output=True, text=True)
        got = tool.determine_result(Run(cmd, proc))
        status = "ok" if got == expected else "WRONG"
        print(f"{status}: {os.path.basename(program)} {prp_name}: {got} (expected {expected})")
        return got == expected


def main():
    tool = leapfrog.Tool()
    version = tool.version(EXE)
    print("version:", version)
    ok = bool(version)
    bo = os.path.join(ROOT, "examples", "buffer-overflows")
    reach = "CHECK( init(main()), LTL(G ! call(reach_error())) )\n"
    mem = "CHECK( init(main()), LTL(G valid-free) )\nCHECK( init(main()), LTL(G valid-deref) )\nCHECK( init(main()), LTL(G valid-memtrack) )\n"
    term = "CHECK( init(main()), LTL(F end) )\n"
    ok &= check(tool, os.path.join(ROOT, "examples", "verify.c"), reach, "unreach-call.prp", result.RESULT_TRUE_PROP)
    ok &= check(tool, os.path.join(bo, "apache_get_tag_bad.c"), mem, "valid-memsafety.prp", result.RESULT_FALSE_DEREF)
    ok &= check(tool, os.path.join(bo, "apache_get_tag_ok.c"), mem, "valid-memsafety.prp", result.RESULT_TRUE_PROP)
    ok &= check(tool, os.path.join(ROOT, "examples", "verify.c"), term, "termination.prp", result.RESULT_TRUE_PROP)
    with tempfile.TemporaryDirectory() as d:
        unsafe = os.path.join(d, "unsafe.c")
        with open(unsafe, "w") as f:
            f.write("extern int __VERIFIER_nondet_int(void);\nextern void reach_error(void);\n"
                    "int main(void) { if (__VERIFIER_nondet_int() == 3) reach_error(); return 0; }\n")
        forever = os.path.join(d, "forever.c")
        with open(forever, "w") as f:
            f.write("extern int __VERIFIER_nondet_int(void);\n"
                    "int main(void) { int x = __VERIFIER_nondet_int(); while (x > 0) x = x + 1 - 1; return 0; }\n")
        ok &= check(tool, unsafe, reach, "unreach-call.prp", result.RESULT_FALSE_REACH)
        ok &= check(tool, forever, term, "termination.prp", result.RESULT_FALSE_TERMINATION)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
