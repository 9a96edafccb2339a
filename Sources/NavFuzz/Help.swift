import NavFuzzJUnit
let navFuzzVersion = "0.3.0"

let overallHelp = """
USAGE: NavFuzz [options]            the CI job: verify the systems of navfuzz.json, or
                                    without one NavFuzz's own self-check
       NavFuzz <command> [options]

COMMANDS:
  init        write a starting navfuzz.json
  explore     exhaustive exploration of a preset within bounds
  fuzz        seeded random walks with shrinking
  replay      replay corpus files or directories
  shrink      shrink a failing corpus file to a minimal trace
  verify      check a coordinator implementation against the model
  validate    check recordings of an app's navigation against the model
  merge       combine JUnit reports of shards into one
  bench       measure step, exploration and fuzzing speed

Run 'NavFuzz <command> --help' for a command's options.
Exit codes: 0 everything held, 1 a check broke, 2 bad input, 128 + N ended by signal N.
"""
