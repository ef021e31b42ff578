/**
 * What the parser's two WebAssembly modules share (`wasmMatVec.ts`: the neural products in SIMD; `wasmSparse.ts`:
 * the perceptron tables' lookups): the binary encoding they are assembled with from opcodes (no toolchain needed),
 * the few instructions both use, and how a module is compiled and instantiated. Both fall back to their JavaScript
 * paths where WebAssembly (or its SIMD) is missing, or where `PUNCTEME_NO_WASM=1` asks for plain TypeScript (the same
 * results bit for bit, slower: to measure the parser as pure TypeScript, or on a host that forbids WebAssembly).
 */

/** Value types. */
export const I32 = 0x7f;
export const F64 = 0x7c;
export const V128 = 0x7b;

/** Unsigned LEB128. */
export function leb(n: number): number[] {
  const out: number[] = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n) b |= 0x80;
    out.push(b);
  } while (n);
  return out;
}

/** Signed LEB128 (i32.const). */
export function sleb(v: number): number[] {
  const out: number[] = [];
  for (;;) {
    const b = v & 0x7f;
    v >>= 7;
    if ((v === 0 && !(b & 0x40)) || (v === -1 && b & 0x40)) {
      out.push(b);
      return out;
    }
    out.push(b | 0x80);
  }
}

export const section = (id: number, body: number[]) => [id, ...leb(body.length), ...body];
export const vec = (items: number[][]) => [...leb(items.length), ...items.flat()];
export const name = (s: string) => [...leb(s.length), ...Buffer.from(s, 'utf8')];

// Instructions both modules use.
export const get = (i: number) => [0x20, i];
export const set = (i: number) => [0x21, i];
export const tee = (i: number) => [0x22, i];
export const i32 = (v: number) => [0x41, ...sleb(v)];
export const BLOCK = [0x02, 0x40];
export const LOOP = [0x03, 0x40];
export const IF = [0x04, 0x40];
export const END = [0x0b];
export const br = (depth: number) => [0x0c, depth];
export const brIf = (depth: number) => [0x0d, depth];
/** Numeric instructions of the modules' bodies, named as in the WebAssembly specification (signed unless `_U`). */
export const [I32_EQZ, I32_EQ, I32_NE, I32_LT_S, I32_LT_U, I32_GT_S, I32_GE_S] = [[0x45], [0x46], [0x47], [0x48], [0x49], [0x4a], [0x4e]];
export const [I32_ADD, I32_SUB, I32_MUL, I32_AND, I32_XOR, I32_SHL, I32_SHR_U] = [[0x6a], [0x6b], [0x6c], [0x71], [0x73], [0x74], [0x76]];
export const [F64_EQ, F64_NE, F64_LT, F64_GT, F64_GE] = [[0x61], [0x62], [0x63], [0x64], [0x66]];
export const [F64_CEIL, F64_FLOOR, F64_ADD, F64_SUB, F64_MUL] = [[0x9b], [0x9c], [0xa0], [0xa1], [0xa2]];
/** Conversions: i32.trunc_f64_s, f32.demote_f64, f64.convert_i32_s / _u, f64.promote_f32. */
export const [I32_FROM_F64, F32_FROM_F64, F64_FROM_I32, F64_FROM_U32, F64_FROM_F32] = [[0xaa], [0xb6], [0xb7], [0xb8], [0xbb]];

/** f64 loads and stores (8-byte alignment, `offset` bytes past the address), and an f64 constant. */
export const f64load = (offset = 0) => [0x2b, 3, ...leb(offset)];
export const f64store = (offset = 0) => [0x39, 3, ...leb(offset)];
export const f64const = (v: number) => [0x44, ...new Uint8Array(new Float64Array([v]).buffer)];

/**
 * `while (k < limit) { body; k += step }` over an i32 local k the caller has set: block, loop, exit when k ≥ limit
 * (signed), the body, the step, branch back. Inside `body`, depth 0 is the loop (continue without the step) and depth 1
 * the block (break).
 */
export function countedLoop(k: number, limit: number[], body: number[], step = 1): number[] {
  return [...BLOCK, ...LOOP, ...get(k), ...limit, ...I32_GE_S, ...brIf(1), ...body, ...get(k), ...i32(step), ...I32_ADD, ...set(k), ...br(0), ...END, ...END];
}

/** The module header: magic number and version. */
export const MODULE_HEADER = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00];

/** What is used of the WebAssembly API (the server's TypeScript libraries do not declare it). */
export interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: unknown };
}
const wasm = (globalThis as unknown as { WebAssembly?: WasmApi }).WebAssembly;

/** A WebAssembly memory page, in bytes. */
export const PAGE = 65536;

/** Grows `mem` (by whole pages) until it holds at least `bytes` bytes; its buffer is then a new one. */
export function ensureBytes(mem: WasmMemory, bytes: number): void {
  if (bytes > mem.buffer.byteLength) mem.grow(Math.ceil((bytes - mem.buffer.byteLength) / PAGE));
}

/**
 * A module compiled once from its bytes, instantiated on demand; `instantiate` gives undefined where WebAssembly (or
 * an instruction the module uses, such as SIMD) is unavailable or `PUNCTEME_NO_WASM` is set. The bytes may be given
 * as a function, called at the first `instantiate`: assembling a module's opcodes takes a few milliseconds of cold
 * JavaScript, which a module not needed at load (or at all) should not add to it.
 */
export class WasmModule<Exports> {
  private compiled: object | null | undefined;

  constructor(private readonly bytes: Uint8Array | (() => Uint8Array)) {}

  instantiate(): Exports | undefined {
    if (this.compiled === undefined) {
      try {
        const bytes = typeof this.bytes === 'function' ? this.bytes() : this.bytes;
        this.compiled = wasm && !process.env.PUNCTEME_NO_WASM ? new wasm.Module(bytes) : null;
      } catch {
        this.compiled = null;
      }
    }
    return this.compiled && wasm ? (new wasm.Instance(this.compiled, {}).exports as Exports) : undefined;
  }
}
