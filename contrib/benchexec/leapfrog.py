# BenchExec tool-info module for Leapfrog (https://github.com/sosy-lab/benchexec).
#
# Install: put this file where BenchExec finds tool-info modules (e.g. copy it into
# benchexec/tools/, or add contrib/benchexec to PYTHONPATH and name the tool
# `leapfrog` in the benchmark definition: <benchmark tool="leapfrog" ...>).
#
# The property file selects the job: termination.prp runs `leapfrog terminate`, every other
# property (unreach-call, valid-memsafety, no-overflow) `leapfrog verify --property FILE`.
# The time limit is passed as `--timeout` (Leapfrog answers UNKNOWN when it runs out), and the
# task's data model as `--data-model`.

import benchexec.result as result
import benchexec.tools.template


class Tool(benchexec.tools.template.BaseTool2):
    """Leapfrog: loop summaries, termination, bounds and safety for C programs."""

    def executable(self, tool_locator):
        return tool_locator.find_executable("leapfrog", subdir="target/release")

    def name(self):
        return "Leapfrog"

    def project_url(self):
        return "https://leapfrog.invalid"

    def version(self, executable):
        # `leapfrog --version`: "leapfrog 0.1.0", then the commit and Z3's version.
        return self._version_from_tool(executable, line_prefix="leapfrog ")

    def cmdline(self, executable, options, task, rlimits):
        prop = task.property_file or ""
        if prop.endswith("termination.prp"):
            cmd = [executable, "terminate"]
        else:
            cmd = [executable, "verify"]
            if prop:
                cmd += ["--property", prop]
        if rlimits.cputime and "--timeout" not in options:
            # A little below the limit, so that Leapfrog answers UNKNOWN before it is killed.
            cmd += ["--timeout", str(max(1, int(rlimits.cputime * 0.95)))]
        data_model = (task.options or {}).get("data_model")
        if data_model in ("ILP32", "LP64") and "--data-model" not in options:
            cmd += ["--data-model", data_model]
        return cmd + list(options) + list(task.input_files_or_identifier)

    def determine_result(self, run):
        # The answer is the first line of the text report: `TRUE (...)`, `FALSE(unreach-call) (...)`,
        # `FALSE(valid-deref) (...)`, `FALSE(termination) (...)`, or `UNKNOWN (...)`.
        for line in run.output:
            line = line.strip()
            if line.startswith("TRUE"):
                return result.RESULT_TRUE_PROP
            if line.startswith("FALSE"):
                kind = line[len("FALSE"):]
                if kind.startswith("(") and ")" in kind:
                    kind = kind[1 : kind.index(")")]
                else:
                    kind = ""
                return self._false_result(kind, run)
            if line.startswith("UNKNOWN"):
                return result.RESULT_UNKNOWN
        if run.was_timeout:
            return result.RESULT_TIMEOUT
        if run.exit_code and run.exit_code.value == 2:
            return result.RESULT_ERROR + "(input)"
        if run.exit_code and run.exit_code.value == 3:
            return result.RESULT_ERROR + "(internal)"
        return result.RESULT_ERROR

    @staticmethod
    def _false_result(kind, run):
        by_kind = {
            "valid-deref": result.RESULT_FALSE_DEREF,
            "valid-free": result.RESULT_FALSE_FREE,
            "valid-memtrack": result.RESULT_FALSE_MEMTRACK,
            "valid-memcleanup": result.RESULT_FALSE_MEMCLEANUP,
            "no-overflow": result.RESULT_FALSE_OVERFLOW,
            "unreach-call": result.RESULT_FALSE_REACH,
            "termination": result.RESULT_FALSE_TERMINATION,
        }
        if kind in by_kind:
            return by_kind[kind]
        # A plain FALSE: the job's own property.
        if run.cmdline and "terminate" in run.cmdline[1:2]:
            return result.RESULT_FALSE_TERMINATION
        return result.RESULT_FALSE_REACH
