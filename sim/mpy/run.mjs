// Runs one Python file under real MicroPython (the npm WebAssembly port) and exits non-zero on
// any Python exception. The package's own CLI exits 0 even when Python raises, so tests use this.
//
//   node sim/mpy/run.mjs --root REPO --copy engine --copy sim/mpy/alloc.py \
//        --allow allow.txt script.py
//
// --copy PATH  copies a repo file or folder (every file in it but __pycache__) into
//              MicroPython's filesystem at /PATH's basename (so `engine/` is importable as
//              `engine`); its names count as project modules.
// --allow F    file of module names CircuitPython has, one a line; any other import raises
//              ImportError naming the module (relative imports and project modules pass).
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";
import fs from "node:fs";
import path from "node:path";

const args = process.argv.slice(2);
let root = process.cwd();
const copies = [];
let allowFile = null;
let script = null;
let heap = 4 * 1024 * 1024;
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (a === "--root") root = args[++i];
  else if (a === "--copy") copies.push(args[++i]);
  else if (a === "--allow") allowFile = args[++i];
  else if (a === "--heap") heap = parseInt(args[++i], 10);
  else script = a;
}
if (!script) {
  console.error("usage: run.mjs [--root DIR] [--copy PATH]... [--allow FILE] script.py");
  process.exit(2);
}

const mp = await loadMicroPython({
  heapsize: heap,
  stdout: (line) => process.stdout.write(line + "\n"),
  stderr: (line) => process.stderr.write(line + "\n"),
  linebuffer: true,
});

const projectNames = [];
function copyIn(hostPath, mpPath) {
  const st = fs.statSync(hostPath);
  if (st.isDirectory()) {
    try { mp.FS.mkdir(mpPath); } catch (e) { /* exists */ }
    for (const name of fs.readdirSync(hostPath)) {
      if (name === "__pycache__") continue;
      copyIn(path.join(hostPath, name), mpPath + "/" + name);
    }
  } else {
    mp.FS.writeFile(mpPath, fs.readFileSync(hostPath));
  }
}
for (const c of copies) {
  const host = path.resolve(root, c);
  const base = path.basename(host);
  copyIn(host, "/" + base);
  projectNames.push(base.replace(/\.py$/, ""));
}

const allowed = allowFile
  ? fs.readFileSync(allowFile, "utf8").split(/\s+/).filter((s) => s && !s.startsWith("#"))
  : null;

const guard = allowed === null ? "" : `
import builtins
_allowed = set(${JSON.stringify(allowed.concat(projectNames, ["__main__"]))})
_import = builtins.__import__
def _guarded_import(name, *rest):
    if name and (len(rest) < 4 or rest[3] == 0) and name.split('.')[0] not in _allowed:
        raise ImportError("not on CircuitPython: module '" + name + "' is outside the allow-list")
    return _import(name, *rest)
builtins.__import__ = _guarded_import
del builtins
`;

// A line "#--- step" splits the script into steps, each run by its own runPython call with the
// globals kept: in this build gc.collect() reclaims nothing inside one call, so a heap
// measurement (gc.collect(); gc.mem_alloc()) is only true at the start of a step.
const source = fs.readFileSync(path.resolve(script), "utf8");
const steps = source.split(/^#--- step.*$/m);
// exit once what was written is out: a pipe the reader drains slowly (a busy machine) queues
// writes, and process.exit() would drop them (the output cut at 64 KB)
function finish(code) {
  process.stdout.write("", () => process.stderr.write("", () => process.exit(code)));
}
try {
  mp.runPython("import sys\nsys.path.insert(0, '/')\n" + guard);
  for (const step of steps) mp.runPython(step);
} catch (e) {
  process.stderr.write(String(e.message || e) + "\n");
  finish(1);
}
finish(0);
