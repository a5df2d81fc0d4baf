"""Validates the custom resources among rendered manifests against vendored CRD schemas, strictly.

kubernetes-validate knows the built-in kinds only. For every document whose apiVersion and kind a
CustomResourceDefinition under CRD_DIR defines, this checks it against that CRD's openAPIV3Schema as the
API server would with strict field validation (unknown fields fail, except where the schema preserves
them); every other document is written to OUT_DIR, one file per input, for kubernetes-validate.

usage: validate-custom-resources.py CRD_DIR OUT_DIR RENDERED.yaml...
"""
import copy
import pathlib
import sys

import jsonschema
import yaml


def strict(schema):
    """The CRD schema with unknown fields refused, as structural schemas prune them."""
    schema = copy.deepcopy(schema)

    def visit(node):
        if not isinstance(node, dict):
            return
        if node.get("type") == "object" and "properties" in node and "additionalProperties" not in node \
                and not node.get("x-kubernetes-preserve-unknown-fields"):
            node["additionalProperties"] = False
        if node.get("x-kubernetes-int-or-string"):
            node.setdefault("anyOf", [{"type": "integer"}, {"type": "string"}])
        for value in node.values():
            if isinstance(value, dict):
                visit(value)
            elif isinstance(value, list):
                for item in value:
                    visit(item)

    visit(schema)
    # apiVersion, kind and metadata are checked by the API server itself, not by the CRD's schema.
    schema.setdefault("properties", {}).update({"apiVersion": {"type": "string"}, "kind": {"type": "string"}, "metadata": {"type": "object"}})
    return schema


def load_crds(crd_dir):
    schemas = {}
    for path in sorted(pathlib.Path(crd_dir).rglob("*.yaml")):
        for crd in yaml.safe_load_all(path.read_text()):
            if not crd or crd.get("kind") != "CustomResourceDefinition":
                continue
            group, kind = crd["spec"]["group"], crd["spec"]["names"]["kind"]
            for version in crd["spec"]["versions"]:
                if version.get("served"):
                    schemas[(f"{group}/{version['name']}", kind)] = strict(version["schema"]["openAPIV3Schema"])
    return schemas


def main(crd_dir, out_dir, rendered):
    schemas = load_crds(crd_dir)
    custom_groups = {api_version.split("/")[0] for api_version, _ in schemas}
    out = pathlib.Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    failed = False
    for path in map(pathlib.Path, rendered):
        builtin = []
        for document in yaml.safe_load_all(path.read_text()):
            if not document:
                continue
            key = (document.get("apiVersion", ""), document.get("kind", ""))
            name = f"{key[1]} {document.get('metadata', {}).get('name', '?')} ({path.name})"
            if key in schemas:
                errors = sorted(jsonschema.Draft7Validator(schemas[key]).iter_errors(document), key=lambda error: list(error.path))
                for error in errors:
                    print(f"ERROR {name}: {'.'.join(map(str, error.path)) or '(root)'}: {error.message}")
                if errors:
                    failed = True
                else:
                    print(f"INFO {name} passed against its CRD schema")
            elif key[0].split("/")[0] in custom_groups:
                print(f"ERROR {name}: no served version {key[0]} of kind {key[1]} in the vendored CRDs")
                failed = True
            else:
                builtin.append(document)
        (out / path.name).write_text(yaml.safe_dump_all(builtin, sort_keys=False))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2], sys.argv[3:]))
