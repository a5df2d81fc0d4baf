#!/usr/bin/env bash
# Validates Kontor's deployment files without a cluster, a Docker engine or the internet (package
# registries only): every kustomization under k8s/ is built with kustomize and each resulting document
# is checked against the Kubernetes JSON schemas (kubernetes-validate, strict: unknown fields, wrong
# types and missing required fields fail) or, for a custom resource (KEDA's ScaledObject), against its
# CRD's schema vendored in test/deploy/crds (as strictly), and every Compose file is loaded by compose-go, the loader
# of `docker compose` (the compose-spec schema plus its consistency checks).
#
#   scripts/validate-deploy.sh                    validate k8s/ and ./docker-compose*.yml
#   scripts/validate-deploy.sh PATH...            a directory: every kustomization under it;
#                                                 a file: a Compose file
#   scripts/validate-deploy.sh --install          install the tools only
#   scripts/validate-deploy.sh --check-tools      exit 0 when the tools are installed, 3 when not
#
# The tools are installed on first use, idempotently, into .tools/ (TOOLS_DIR): kustomize through the
# Go module proxy (needs `go`), kubernetes-validate from PyPI into a venv (needs `python3`), and
# compose-validate built from test/deploy/compose-validate. The built manifests are kept in
# RENDER_DIR (.tools/rendered), one file per kustomization, for a look or for further checks.
set -euo pipefail
cd "$(dirname "$0")/.."
project=$PWD
# Go's own installer puts it here, not always on PATH in non-login shells.
[ -x /usr/local/go/bin/go ] && PATH=$PATH:/usr/local/go/bin

# v5.8.1 is the newest that builds with Go 1.24; v5.8.2 needs Go 1.26, v5.8.3 Go 1.27.
KUSTOMIZE_VERSION=v5.8.1
# The oldest Kubernetes we support and the newest the validator knows; each manifest must pass both.
KUBERNETES_VERSIONS=${KUBERNETES_VERSIONS:-"1.29.0 1.37.0"}
tools=${TOOLS_DIR:-$project/.tools}
render_dir=${RENDER_DIR:-$tools/rendered}
bin=$tools/bin
venv=$tools/kubernetes-validate-venv
requirements=$project/test/deploy/kubernetes-validate.requirements.txt
compose_validate_src=$project/test/deploy/compose-validate
crd_dir=$project/test/deploy/crds
custom_resources_validator=$project/test/deploy/validate-custom-resources.py
builtin_dir=$render_dir/builtin

say() { echo "validate-deploy: $*" >&2; }
die() { say "$*"; exit 1; }
digest() { cat "$@" | sha256sum | cut -d' ' -f1; }

kustomize_ok() { [ "$("$bin/kustomize" version 2>/dev/null)" = "$KUSTOMIZE_VERSION" ]; }
venv_ok() { [ -x "$venv/bin/kubernetes-validate" ] && [ "$(cat "$venv/.requirements" 2>/dev/null)" = "$(digest "$requirements")" ]; }
compose_validate_stamp() { digest "$compose_validate_src"/go.mod "$compose_validate_src"/go.sum "$compose_validate_src"/*.go; }
compose_validate_ok() { [ -x "$bin/compose-validate" ] && [ "$(cat "$bin/.compose-validate" 2>/dev/null)" = "$(compose_validate_stamp)" ]; }

missing_tools() {
  kustomize_ok || echo "kustomize $KUSTOMIZE_VERSION"
  venv_ok || echo "kubernetes-validate"
  compose_validate_ok || echo "compose-validate"
}

install_tools() {
  mkdir -p "$bin"
  # One installer at a time: test files or shells may start this script side by side.
  exec 9>"$tools/.install.lock"
  flock 9
  if ! kustomize_ok || ! compose_validate_ok; then
    command -v go >/dev/null || die "Go is needed to install kustomize and compose-validate (Go 1.24 or newer; https://go.dev/dl or the golang.org/toolchain module)"
  fi
  if ! kustomize_ok; then
    say "installing kustomize $KUSTOMIZE_VERSION into $bin (go install through the Go module proxy)"
    GOBIN=$bin GOFLAGS=-buildvcs=false go install "sigs.k8s.io/kustomize/kustomize/v5@$KUSTOMIZE_VERSION"
    kustomize_ok || die "kustomize in $bin does not report $KUSTOMIZE_VERSION"
  fi
  if ! compose_validate_ok; then
    say "building compose-validate into $bin"
    (cd "$compose_validate_src" && GOFLAGS="-buildvcs=false -mod=readonly" go build -trimpath -o "$bin/compose-validate" .)
    compose_validate_stamp >"$bin/.compose-validate"
  fi
  if ! venv_ok; then
    command -v python3 >/dev/null || die "python3 (with venv) is needed to install kubernetes-validate"
    say "installing kubernetes-validate into $venv (pip, from PyPI)"
    rm -rf "$venv"
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$requirements"
    # Written last: a venv without it is half-installed and is made again.
    digest "$requirements" >"$venv/.requirements"
  fi
  flock -u 9
}

# One rendered file per kustomization, named after its path, e.g. k8s/overlays/example → k8s_overlays_example.yaml
# Every kustomization is built even when one fails, so one run names every problem.
render_kustomizations() {
  local root=$1 dir name status=0
  while IFS= read -r dir; do
    name=$(realpath --relative-to="$(dirname "$(realpath "$root")")" "$dir" | tr '/' '_')
    if ! "$bin/kustomize" build "$dir" >"$render_dir/$name.yaml" 2>"$render_dir/$name.err"; then
      say "kustomize build $dir failed:"
      cat "$render_dir/$name.err" >&2
      rm -f "$render_dir/$name.yaml"
      status=1
      continue
    fi
    rm -f "$render_dir/$name.err"
    if [ ! -s "$render_dir/$name.yaml" ]; then
      say "kustomize build $dir produced no resources"
      status=1
      continue
    fi
    kustomizations+=("$dir")
    rendered+=("$render_dir/$name.yaml")
  done < <(find "$root" -name kustomization.yaml -printf '%h\n' | sort)
  return "$status"
}

# Custom resources (KEDA's ScaledObject) against the CRD schemas vendored in test/deploy/crds; what is
# left, the built-in kinds, goes to kubernetes-validate.
validate_custom_resources() {
  local output status=0
  rm -rf "$builtin_dir"
  output=$("$venv/bin/python" "$custom_resources_validator" "$crd_dir" "$builtin_dir" "${rendered[@]}" 2>&1) || status=1
  grep -E '^ERROR' <<<"$output" >&2 || true
  custom_checked=$(grep -c '^INFO.* passed ' <<<"$output" || true)
  say "custom resources: $custom_checked passed against the CRD schemas in ${crd_dir#"$project"/}"
  return "$status"
}

validate_rendered() {
  local version output status=0 passed builtin=()
  validate_custom_resources || status=1
  for path in "${rendered[@]}"; do builtin+=("$builtin_dir/$(basename "$path")"); done
  for version in $KUBERNETES_VERSIONS; do
    output=$("$venv/bin/kubernetes-validate" --strict -k "$version" "${builtin[@]}" 2>&1) || status=1
    # A kind or apiVersion without a schema is only a warning there; every kind used here is built in,
    # so a missing schema means a typo or a removed API: fail.
    if grep -q '^WARN' <<<"$output"; then status=1; fi
    grep -E '^(ERROR|WARN)' <<<"$output" >&2 || true
    passed=$(grep -c '^INFO.* passed ' <<<"$output" || true)
    say "Kubernetes $version: $passed documents passed"
    resources_checked=$((passed + custom_checked))
  done
  return "$status"
}

main() {
  case "${1:-}" in
    --install) install_tools; say "tools ready in $tools"; return 0 ;;
    --check-tools)
      local missing
      missing=$(missing_tools)
      [ -z "$missing" ] && return 0
      say "not installed: $(echo "$missing" | paste -sd, | sed 's/,/, /g') (scripts/validate-deploy.sh --install)"
      return 3
      ;;
  esac

  local started=$SECONDS paths=("$@") path failed=0
  if [ "${#paths[@]}" -eq 0 ]; then
    paths=(k8s)
    for path in docker-compose*.yml; do [ -e "$path" ] && paths+=("$path"); done
  fi
  install_tools
  # RENDER_DIR holds this run's output only, so a removed kustomization leaves no stale file behind.
  mkdir -p "$render_dir"
  rm -f "$render_dir"/*.yaml "$render_dir"/*.err
  kustomizations=() rendered=() compose_files=() resources_checked=0 custom_checked=0

  for path in "${paths[@]}"; do
    if [ -d "$path" ]; then
      render_kustomizations "$path" || failed=1
    elif [ -f "$path" ]; then
      compose_files+=("$path")
    else
      say "no such file or directory: $path"
      failed=1
    fi
  done
  if [ "${#rendered[@]}" -gt 0 ]; then validate_rendered || failed=1; fi
  if [ "${#compose_files[@]}" -gt 0 ]; then "$bin/compose-validate" "${compose_files[@]}" >&2 || failed=1; fi

  echo "kustomizations: ${#kustomizations[@]} built (${kustomizations[*]:-none}), $resources_checked documents, Kubernetes $KUBERNETES_VERSIONS"
  echo "compose files: ${#compose_files[@]} (${compose_files[*]:-none})"
  echo "rendered manifests: $render_dir"
  if [ "$failed" -ne 0 ]; then
    echo "INVALID ($((SECONDS - started))s)"
    return 1
  fi
  echo "all valid ($((SECONDS - started))s)"
}

main "$@"
