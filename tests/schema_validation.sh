#!/usr/bin/env bash
# archscan's JSON Schemas (schemas/, draft 2020-12) against what they
# describe, with Ajv in strict mode: the JSON of `check` on every testdata
# case, every shipped and test patch set, and the README's archscan.yaml
# example. Documents that break a schema on purpose must be refused, so a
# schema that accepts anything fails too.
#   schema_validation.sh ARCHSCAN YAML_TO_JSON
set -euo pipefail
bin="$1"
yaml_to_json="$2"
here="$(cd "$(dirname "$0")" && pwd)"
root="$here/.."
[[ -d "$here/tools/node_modules" ]] || { echo "test tools missing: run scripts/setup-test-tools.sh" >&2; exit 1; }
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
validate() { node "$here/tools/validate-json.js" "$@"; }
refused() {  # SCHEMA FILE: the schema must reject FILE
  if validate "$1" "$2" 2>/dev/null; then echo "FAIL: $2 passes $1 but must not" >&2; exit 1; fi
}

echo "== check --format json on every testdata case"
jsons=()
while IFS= read -r spec; do
  case_dir="$(dirname "$spec")"
  name="$(echo "${case_dir#"$root/testdata/"}" | tr / _)"
  (cd "$case_dir" && "$bin" check --target sm_120 --target sm_121 --all --fail-on never -q --format json \
     -o "$out/$name.json" .)
  jsons+=("$out/$name.json")
done < <(find "$root/testdata" -name archscan-test.yaml | sort)
echo "${#jsons[@]} outputs"
validate "$root/schemas/check.schema.json" "${jsons[@]}"
# A run with an archscan.yaml names it; an unknown field is refused.
mkdir -p "$out/withconfig"
cp -r "$root/testdata/frameworks/sglang-symm-mem/." "$out/withconfig/"
printf 'target: [sm_120]\n' > "$out/withconfig/archscan.yaml"
(cd "$out/withconfig" && "$bin" check --fail-on never -q --format json -o "$out/config.json" .)
grep -q '"config": *"archscan.yaml"' "$out/config.json"
validate "$root/schemas/check.schema.json" "$out/config.json"
sed 's/"schema": *1/"schema": 1, "extra": true/' "$out/config.json" > "$out/extra.json"
refused "$root/schemas/check.schema.json" "$out/extra.json"

echo "== patch sets"
sets=()
while IFS= read -r p; do
  "$yaml_to_json" "$p" > "$out/$(echo "${p#"$root/"}" | tr / _).json"
  sets+=("$out/$(echo "${p#"$root/"}" | tr / _).json")
done < <(find "$root/patches" "$root/testdata" -name '*.yaml' ! -name archscan-test.yaml | sort)
echo "${#sets[@]} patch sets"
validate "$root/schemas/patchset.schema.json" "${sets[@]}"
printf 'archscan: 1\nrules:\n  - add: sm_120\n    like: sm_100\n    where: {kinds: [range]}\n' > "$out/range.yaml"
"$yaml_to_json" "$out/range.yaml" > "$out/range.json"
refused "$root/schemas/patchset.schema.json" "$out/range.json"

echo "== archscan.yaml: the README's example, and the schema is the option table's"
awk '/^# archscan.yaml$/{on=1} on&&/^```/{exit} on' "$root/README.md" > "$out/archscan.yaml"
[[ -s "$out/archscan.yaml" ]] || { echo "README.md has no archscan.yaml example" >&2; exit 1; }
"$yaml_to_json" "$out/archscan.yaml" > "$out/archscan.yaml.json"
validate "$root/schemas/archscan.yaml.schema.json" "$out/archscan.yaml.json"
# archscan reads the same example without complaint.
mkdir -p "$out/readme-config"
cp "$out/archscan.yaml" "$out/readme-config/archscan.yaml"
cp -r "$root/testdata/frameworks/sglang-symm-mem/." "$out/readme-config/"
(cd "$out/readme-config" && "$bin" check --fail-on never -q --format json -o /dev/null .)
printf 'targets: [sm_120]\n' > "$out/bad.yaml"
"$yaml_to_json" "$out/bad.yaml" > "$out/bad.json"
refused "$root/schemas/archscan.yaml.schema.json" "$out/bad.json"
echo "ok"
