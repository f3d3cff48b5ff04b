"""Parses a Prometheus text exposition with prometheus_client's own parser (Debian's
python3-prometheus-client) and prints what it read as JSON, for the metrics test to check:
{"families": [{"name", "type", "help", "samples": [{"name", "labels", "value"}]}]}.
A text the parser refuses ends the script with an error (exit status 1)."""
import json
import math
import sys

from prometheus_client.parser import text_string_to_metric_families


def number(value):
    # JSON has no infinities; the test needs none of them as numbers.
    return value if math.isfinite(value) else str(value)


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        text = f.read()
    families = []
    for family in text_string_to_metric_families(text):
        families.append({
            "name": family.name,
            "type": family.type,
            "help": family.documentation,
            "samples": [{"name": s.name, "labels": s.labels, "value": number(s.value)}
                        for s in family.samples],
        })
    json.dump({"families": families}, sys.stdout)


if __name__ == "__main__":
    main()
