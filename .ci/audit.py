"""``make audit``: pip-audit over the locked dependencies (requirements-dev.lock).

Fails (exit 1) when a locked version has a known vulnerability. When the vulnerability
database cannot be reached (no network, or a package index without PyPI's JSON API, as on
the project's own machines), it says so plainly and exits 0: CI is not failed for the
network, and nothing claims an audit that did not happen.
"""

import json
import subprocess
import sys

LOCK = "requirements-dev.lock"


def main() -> int:
    done = subprocess.run(
        [sys.executable, "-m", "pip_audit", "--disable-pip", "--require-hashes", "-r", LOCK,
         "--progress-spinner", "off", "--format", "json"],
        capture_output=True, text=True, check=False)
    try:
        report = json.loads(done.stdout)
    except ValueError:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        print(f"audit: NOT AUDITED, the vulnerability database could not be reached ({last})")
        return 0
    found = [(d["name"], d["version"], v["id"], v.get("fix_versions") or [])
             for d in report["dependencies"] for v in d.get("vulns", [])]
    skipped = [d for d in report["dependencies"] if "skip_reason" in d]
    audited = len(report["dependencies"]) - len(skipped)
    for name, version, vuln, fixes in found:
        print(f"audit: {name} {version}: {vuln} (fixed in {', '.join(fixes) or 'no release'})")
    if skipped and not audited:
        print(f"audit: NOT AUDITED, the vulnerability database knows none of the {len(skipped)} "
              f"locked packages (is PyPI's JSON API reachable?): {skipped[0]['skip_reason']}")
        return 0
    for dependency in skipped:
        print(f"audit: not audited: {dependency['skip_reason']}")
    print(f"audit: {audited} packages audited, {len(found)} known vulnerabilities")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
