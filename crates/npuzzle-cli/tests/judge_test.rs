//! `npuzzle judge test` end to end: npuzzle's own judges as the program are accepted in
//! every supported format; planted programs (shell scripts the test writes; the tool
//! runs them without a shell of its own) get each verdict; bad requests exit 2.

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use npuzzle_judges::judge::JUDGES;
use npuzzle_judges::local_judge::TestPlan;
use predicates::prelude::*;
use serde_json::Value;

use crate::common::npuzzle;

fn binary() -> PathBuf {
    assert_cmd::cargo::cargo_bin("npuzzle")
}

/// `npuzzle judge test` with `args` then `-- program...`: its exit code and JSON report.
fn judge_test(args: &[&str], program: &[&str]) -> (i32, Value) {
    let out = npuzzle()
        .args(["judge", "test", "--json"])
        .args(args)
        .arg("--")
        .args(program)
        .output()
        .unwrap();
    let report = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stderr)));
    (out.status.code().unwrap(), report)
}

/// A script in `dir` named `name` with `body` after `#!/bin/sh`, executable.
fn script(dir: &Path, name: &str, body: &str) -> String {
    let path = dir.join(name);
    fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    fs::set_permissions(&path, fs::Permissions::from_mode(0o755)).unwrap();
    path.to_string_lossy().into_owned()
}

fn verdicts(report: &Value) -> Vec<String> {
    report["cases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["verdict"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn npuzzle_s_own_judges_are_accepted_in_every_format() {
    let bin = binary();
    let bin = bin.to_str().unwrap();
    for format in JUDGES.iter().map(|j| j.name()) {
        let (code, report) = judge_test(
            &["--cases", "8", "--seed", "5", format],
            &[bin, "judge", format],
        );
        let plan = TestPlan::new(format, 8, 5).unwrap();
        assert_eq!(code, 0, "{format}: {report}");
        assert_eq!(report["total"], plan.cases().len(), "{format}");
        assert_eq!(report["accepted"], report["total"], "{format}");
        assert!(report["first_failure"].is_null());
        let labels: Vec<_> = report["cases"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["label"].clone())
            .collect();
        let planned: Vec<Value> = plan
            .cases()
            .iter()
            .map(|c| c.label.clone().into())
            .collect();
        assert_eq!(labels, planned);
    }
    // And the text report ends in the summary line.
    let out = npuzzle()
        .args([
            "judge", "test", "hdu3567", "--cases", "3", "--", bin, "judge", "hdu3567",
        ])
        .assert()
        .success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let n = TestPlan::new("hdu3567", 3, 1).unwrap().cases().len();
    let last = text.lines().last().unwrap();
    assert!(
        last.starts_with(&format!("hdu3567: {n} of {n} cases accepted (seed 1, ")),
        "{text}"
    );
    assert_eq!(text.lines().filter(|l| l.starts_with("case ")).count(), n);
}

#[test]
fn planted_programs_get_each_verdict() {
    let dir = tempfile::tempdir().unwrap();
    let bin = binary();
    let bin = bin.to_str().unwrap();
    let planted = [
        (
            "wrong",
            "cat >/dev/null\necho l",
            "wrong answer",
            "not the goal",
        ),
        ("slow", "exec sleep 5", "time limit", ""),
        (
            "exit3",
            "cat >/dev/null\nexit 3",
            "runtime error",
            "exit status 3",
        ),
        ("killed", "kill -9 $$", "runtime error", "signal 9"),
        (
            "spaces",
            &format!("'{bin}' judge hdu1043 | sed 's/$/ /'"),
            "presentation error",
            "spaces",
        ),
        ("flood", "exec yes", "wrong answer", "output limit"),
    ];
    for (name, body, verdict, reason) in planted {
        let program = script(dir.path(), name, body);
        let (code, report) = judge_test(
            &["hdu1043", "--cases", "2", "--time-limit", "0.5"],
            &[&program],
        );
        assert_eq!(code, 1, "{name}: {report}");
        let failure = &report["first_failure"];
        assert_eq!(failure["case"], 1, "{name}");
        assert_eq!(failure["verdict"], verdict, "{name}: {report}");
        if !reason.is_empty() {
            assert!(
                failure["reason"].as_str().unwrap().contains(reason),
                "{name}: {failure}"
            );
        }
        // The case's input is shown: case 1 is the goal itself.
        assert_eq!(failure["input"], "1 2 3 4 5 6 7 8 x\n");
        if verdict == "time limit" {
            assert!(
                failure["seconds"].as_f64().unwrap() < 2.0,
                "killed at the limit"
            );
        }
        // One run answers every case of hdu1043, so the run's failure is every case's.
        if verdict != "wrong answer" {
            assert!(verdicts(&report).iter().all(|v| v == verdict), "{name}");
        }
    }
}

/// `program` (a script body) on `format`'s cases: the JSON report, after checking that
/// it failed.
fn failing(dir: &Path, format: &str, name: &str, body: &str) -> Value {
    let program = script(dir, name, body);
    let (code, report) = judge_test(&[format, "--cases", "4"], &[&program]);
    assert_eq!(code, 1, "{name}: {report}");
    report
}

/// The reasons given for each case.
fn reasons(report: &Value) -> Vec<String> {
    report["cases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["reason"].as_str().unwrap_or_default().to_string())
        .collect()
}

#[test]
fn uva10181_takes_any_path_of_at_most_fifty_moves() {
    let dir = tempfile::tempdir().unwrap();
    let bin = binary();
    let bin = bin.to_str().unwrap();
    // npuzzle's answers padded, at the goal, with the hole going left and back (the hole
    // ends bottom right, so it always can): to at least `n` moves.
    let padded = |n: usize| {
        format!(
            "'{bin}' judge uva10181 | awk '/solvable/ {{ print; next }} \
             {{ s = $0; while (length(s) < {n}) s = s \"LR\"; print s }}'"
        )
    };
    let program = script(dir.path(), "longer", &padded(45));
    let (code, report) = judge_test(&["uva10181", "--cases", "4"], &[&program]);
    assert_eq!(code, 0, "longer but within 50 moves: {report}");
    let report = failing(dir.path(), "uva10181", "too-long", &padded(51));
    let plan = TestPlan::new("uva10181", 4, 1).unwrap();
    for ((case, verdict), reason) in plan
        .cases()
        .iter()
        .zip(verdicts(&report))
        .zip(reasons(&report))
    {
        if case.label.contains("unsolvable") {
            assert_eq!(verdict, "accepted");
        } else {
            assert_eq!(verdict, "wrong answer", "{}", case.label);
            assert!(reason.contains("the judge takes at most 50"), "{reason}");
        }
    }
    // The one-move case padded to exactly 51.
    assert_eq!(plan.cases()[1].label, "one move");
    assert!(reasons(&report)[1].starts_with("51 moves"), "{report}");
    let report = failing(
        dir.path(),
        "uva10181",
        "wrong",
        "cat >/dev/null\nyes L | head -30",
    );
    assert_eq!(report["first_failure"]["verdict"], "wrong answer");
    let report = failing(
        dir.path(),
        "uva10181",
        "spaces",
        &format!("'{bin}' judge uva10181 | sed 's/$/ /'"),
    );
    assert_eq!(report["first_failure"]["verdict"], "presentation error");
    let report = failing(
        dir.path(),
        "uva10181",
        "lower",
        &format!("'{bin}' judge uva10181 | tr LRUD lrud"),
    );
    assert!(report["first_failure"]["reason"]
        .as_str()
        .unwrap()
        .contains("not one of L R U D"));
}

#[test]
fn path_wants_the_fewest_moves_and_a_path_state_by_state() {
    let dir = tempfile::tempdir().unwrap();
    let bin = binary();
    let bin = bin.to_str().unwrap();
    let report = failing(dir.path(), "path", "never", "cat >/dev/null\necho -1");
    assert!(report["first_failure"]["reason"]
        .as_str()
        .unwrap()
        .contains("expected 0 moves (the fewest), got `-1`"));
    // The right count over the states backwards: the first move's case fails.
    let report = failing(
        dir.path(),
        "path",
        "backwards",
        &format!("'{bin}' judge path | {{ read n; echo \"$n\"; tac; }}"),
    );
    assert_eq!(verdicts(&report)[0], "accepted", "start equal to goal");
    assert_eq!(report["first_failure"]["case"], 2);
    assert!(report["first_failure"]["reason"]
        .as_str()
        .unwrap()
        .contains("is not the start"));
    let report = failing(
        dir.path(),
        "path",
        "spaced",
        &format!("'{bin}' judge path | sed 's/./& /g; s/ $//'"),
    );
    assert_eq!(report["first_failure"]["verdict"], "presentation error");
    assert!(report["first_failure"]["reason"]
        .as_str()
        .unwrap()
        .contains("nine digits together"));
}

#[test]
fn abc224d_wants_the_count_exactly() {
    let dir = tempfile::tempdir().unwrap();
    let bin = binary();
    let bin = bin.to_str().unwrap();
    let report = failing(
        dir.path(),
        "abc224d",
        "off-by-one",
        &format!("'{bin}' judge abc224d | awk '{{ print $1 + 1 }}'"),
    );
    assert!(verdicts(&report).iter().all(|v| v == "wrong answer"));
    assert_eq!(
        report["first_failure"]["input"],
        "5\n1 2\n1 3\n1 9\n2 9\n3 9\n3 9 2 4 5 6 7 8\n"
    );
    let report = failing(
        dir.path(),
        "abc224d",
        "spaces",
        // AtCoder forgives spaces at line ends, not before the answer.
        &format!("'{bin}' judge abc224d | sed 's/^/ /'"),
    );
    assert!(verdicts(&report).iter().all(|v| v == "presentation error"));
}

#[test]
fn a_single_case_format_starts_the_program_once_a_case() {
    let dir = tempfile::tempdir().unwrap();
    let counter = dir.path().join("runs");
    // Right only on the goal itself: every other case is its own run and fails alone.
    let program = script(
        dir.path(),
        "zero",
        &format!("cat >/dev/null\necho x >> '{}'\necho 0", counter.display()),
    );
    let (code, report) = judge_test(&["p1379", "--cases", "3"], &[&program]);
    assert_eq!(code, 1);
    let v = verdicts(&report);
    assert_eq!(v[0], "accepted");
    assert!(v[1..].iter().all(|v| v == "wrong answer"));
    let runs = fs::read_to_string(&counter).unwrap().lines().count();
    assert_eq!(runs, v.len());
    assert!(report["first_failure"]["reason"]
        .as_str()
        .unwrap()
        .contains("expected `1`, got `0`"));
}

#[test]
fn bad_requests_exit_2() {
    let bin = binary();
    let bin = bin.to_str().unwrap();
    npuzzle()
        .args(["judge", "test", "uva10182", "--", bin])
        .assert()
        .code(2)
        .stderr(
            predicates::str::contains("no judge is called 'uva10182'")
                .and(predicates::str::contains("abc224d")),
        );
    npuzzle()
        .args(["judge", "test", "hdu1043"])
        .assert()
        .code(2);
    npuzzle()
        .args(["judge", "test", "hdu1043", "--", "/nonexistent/program"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "cannot run '/nonexistent/program'",
        ));
    npuzzle()
        .args(["judge", "test", "hdu1043", "--time-limit", "0", "--", bin])
        .assert()
        .code(2);
}

/// `program` (a script body) on `args`: the exit code and the JSON report.
fn planted(dir: &Path, name: &str, body: &str, args: &[&str]) -> (i32, Value) {
    let program = script(dir, name, body);
    judge_test(args, &[&program])
}

#[test]
fn each_judge_forgives_what_it_forgives_and_strict_forgives_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let bin = binary();
    let bin = bin.to_str().unwrap();
    // The right answers without the final newline, and with spaces at the line ends.
    let no_newline = |format: &str| format!("printf '%s' \"$('{bin}' judge {format})\"");
    let trailing = |format: &str| format!("'{bin}' judge {format} | sed 's/$/  /'");
    for (format, body, accepted) in [
        // Luogu and AtCoder ignore both; HDU, POJ and UVa only the missing newline.
        ("p1379", no_newline("p1379"), true),
        ("p1379", trailing("p1379"), true),
        ("abc224d", trailing("abc224d"), true),
        ("leetcode773", trailing("leetcode773"), true),
        ("hdu1043", no_newline("hdu1043"), true),
        ("uva652", no_newline("uva652"), true),
        ("hdu1043", trailing("hdu1043"), false),
        ("poj1077", trailing("poj1077"), false),
    ] {
        let (code, report) = planted(dir.path(), "p", &body, &[format, "--cases", "3"]);
        assert_eq!(code == 0, accepted, "{format}: {body}: {report}");
        if !accepted {
            assert_eq!(report["first_failure"]["verdict"], "presentation error");
        }
        assert!(report["comparison"].is_string(), "{report}");
        let (code, report) = planted(
            dir.path(),
            "p",
            &body,
            &[format, "--cases", "3", "--strict"],
        );
        assert_eq!(code, 1, "--strict {format}: {body}: {report}");
        assert_eq!(report["first_failure"]["verdict"], "presentation error");
        assert_eq!(report["comparison"], "exact");
    }
}

/// The right answers less their last byte, the final newline, are accepted wherever the
/// judge forgives it: UVa 10085's too, whose answers end with an empty line, so that the
/// output still ends in a newline (it was "no answer: the output ended before it").
#[test]
fn a_missing_final_newline_is_forgiven_even_after_an_empty_line() {
    let dir = tempfile::tempdir().unwrap();
    let bin = binary();
    let bin = bin.to_str().unwrap();
    for format in ["uva10085", "uva652", "hdu3567", "poj2893"] {
        let body = format!("'{bin}' judge {format} | head -c -1");
        let args = [format, "--cases", "3", "--time-limit", "60"];
        let (code, report) = planted(dir.path(), "p", &body, &args);
        assert_eq!(code, 0, "{format}: {report}");
        let strict = [&args[..], &["--strict"]].concat();
        let (code, report) = planted(dir.path(), "p", &body, &strict);
        assert_eq!(code, 1, "--strict {format}: {report}");
        assert_eq!(report["first_failure"]["verdict"], "presentation error");
    }
    // Both line feeds gone: the empty line is missing, said as spacing, not as no answer.
    let body = format!("'{bin}' judge uva10085 | head -c -2");
    let (code, report) = planted(
        dir.path(),
        "p",
        &body,
        &["uva10085", "--cases", "1", "--time-limit", "60"],
    );
    assert_eq!(code, 1, "{report}");
    let failure = &report["first_failure"];
    assert_eq!(failure["verdict"], "presentation error", "{report}");
    assert!(
        failure["reason"].as_str().unwrap().contains("empty line"),
        "{report}"
    );
}

#[test]
fn verdicts_name_what_went_wrong() {
    let dir = tempfile::tempdir().unwrap();
    let bin = binary();
    let bin = bin.to_str().unwrap();
    let reason = |body: &str| {
        let (code, report) = planted(dir.path(), "p", body, &["hdu1043", "--cases", "4"]);
        assert_eq!(code, 1, "{body}: {report}");
        report["first_failure"]["reason"]
            .as_str()
            .unwrap()
            .to_string()
    };
    // Windows line ends, named.
    let crlf = reason(&format!("'{bin}' judge hdu1043 | sed 's/$/\\r/'"));
    assert!(crlf.contains("CR LF"), "{crlf}");
    // `unsolvable` for every case: the first, the goal itself, is solvable.
    let unsolvable = reason("while read -r line; do echo unsolvable; done");
    assert!(
        unsolvable.contains("answered `unsolvable`, but the board can reach the goal"),
        "{unsolvable}"
    );
    // A wrong path ends on a board written in board notation.
    let wrong = reason("while read -r line; do echo u; done");
    assert!(wrong.contains("end on 1 2 3/4 5 0/7 8 6"), "{wrong}");
    // A signal by its name.
    let killed = reason("kill -SEGV $$");
    assert!(killed.contains("SIGSEGV"), "{killed}");
}

#[test]
fn a_program_is_judged_when_it_exits_and_what_it_left_is_ended() {
    let dir = tempfile::tempdir().unwrap();
    let bin = binary();
    let bin = bin.to_str().unwrap();
    let pid_file = dir.path().join("left.pid");
    // The answer, then a child left behind holding the output open.
    let body = format!(
        "'{bin}' judge hdu1043\nsleep 30 &\necho $! > '{}'",
        pid_file.display()
    );
    let started = std::time::Instant::now();
    let (code, report) = planted(
        dir.path(),
        "p",
        &body,
        &["hdu1043", "--cases", "2", "--time-limit", "10"],
    );
    assert_eq!(code, 0, "{report}");
    assert!(
        started.elapsed().as_secs_f64() < 5.0,
        "waited for the child"
    );
    let left: u32 = fs::read_to_string(&pid_file)
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    assert!(ends_soon(left), "the child left behind still runs");
}

/// Whether process `pid` has stopped running within two seconds: a kill is delivered
/// asynchronously, so a loaded machine may take a moment to end the process after
/// `judge test` has sent it.
fn ends_soon(pid: u32) -> bool {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(2);
    while alive(pid) {
        if std::time::Instant::now() > deadline {
            return false;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    true
}

/// Whether process `pid` runs (a zombie is not running).
fn alive(pid: u32) -> bool {
    fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
        !stat
            .rsplit(')')
            .next()
            .unwrap_or("")
            .trim_start()
            .starts_with('Z')
    })
}

#[test]
fn a_signal_to_judge_test_ends_the_program_under_test() {
    let dir = tempfile::tempdir().unwrap();
    let pid_file = dir.path().join("program.pid");
    let program = script(
        dir.path(),
        "p",
        &format!("echo $$ > '{}'\nexec sleep 30", pid_file.display()),
    );
    let judge = std::process::Command::new(binary())
        .args([
            "judge",
            "test",
            "hdu1043",
            "--time-limit",
            "60",
            "--",
            &program,
        ])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    while !pid_file.exists() || fs::read_to_string(&pid_file).unwrap().trim().is_empty() {
        assert!(
            started.elapsed().as_secs() < 20,
            "the program never started"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let program_pid: u32 = fs::read_to_string(&pid_file)
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    std::process::Command::new("kill")
        .args(["-TERM", &judge.id().to_string()])
        .status()
        .unwrap();
    let out = judge.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(143));
    assert!(String::from_utf8_lossy(&out.stderr).contains("SIGTERM"));
    std::thread::sleep(std::time::Duration::from_millis(100));
    assert!(ends_soon(program_pid), "the program under test still runs");
}

/// `--cases 100000000` grew past 5 GB making its cases before it ran anything: a count
/// past the most a test holds is now refused at once (a bad request, exit 2), saying the
/// most; the most itself runs in bounded memory.
#[test]
fn too_many_random_cases_are_refused_up_front_and_the_most_fits() {
    use npuzzle_judges::local_judge::MOST_RANDOM_CASES;
    let nothing = Path::new("/dev/null");
    let (code, stderr, peak, elapsed) = crate::common::measured(
        &[
            "judge",
            "test",
            "hdu1043",
            "--cases",
            "100000000",
            "--",
            "true",
        ],
        nothing,
    );
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains(&format!(
            "100000000 random cases: at most {MOST_RANDOM_CASES}"
        )),
        "{stderr}"
    );
    assert!(elapsed.as_secs() < 5, "{elapsed:?}");
    // The peak counts the test process where the child was forked from it (up to about
    // 100 MB with the other tests running): far below the gigabytes the cases took.
    assert!(peak < 256 << 20, "{peak} bytes at the peak");
    let most = MOST_RANDOM_CASES.to_string();
    let (code, stderr, peak, _) = crate::common::measured(
        &["judge", "test", "hdu1043", "--cases", &most, "--", "true"],
        nothing,
    );
    // `true` answers nothing: every case is a wrong answer, and all are held.
    assert_eq!(code, 1, "{stderr}");
    assert!(peak < 768 << 20, "{peak} bytes at the peak");
}
