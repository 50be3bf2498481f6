#!/bin/sh
# Builds the WebAssembly package of the page into web/pkg/:
#   tesuji_wasm.js, tesuji_wasm_bg.wasm, tesuji_wasm.d.ts (wasm-bindgen, --target web)
#   tsumego.js, tsumego.d.ts (the tsumego.js-shaped wrapper)
# Needs: rustup target add wasm32-unknown-unknown
#        cargo install wasm-bindgen-cli --version 0.2.130  (the version pinned in
#        crates/tesuji-wasm/Cargo.toml)
set -eu
cd "$(dirname "$0")/.."
want=$(sed -n 's/^wasm-bindgen = "=\(.*\)"/\1/p' crates/tesuji-wasm/Cargo.toml)
have=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')
if [ "$have" != "$want" ]; then
    echo "web/build.sh: need wasm-bindgen-cli $want (have: ${have:-none}):" >&2
    echo "  cargo install wasm-bindgen-cli --version $want" >&2
    exit 2
fi
CARGO_BUILD_JOBS=${CARGO_BUILD_JOBS:-1} cargo build -p tesuji-wasm \
    --target wasm32-unknown-unknown --profile wasm
wasm-bindgen --target web --out-dir web/pkg \
    target/wasm32-unknown-unknown/wasm/tesuji_wasm.wasm
cp crates/tesuji-wasm/js/tsumego.js crates/tesuji-wasm/js/tsumego.d.ts web/pkg/
ls -l web/pkg
