import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import ipaddr from "ipaddr.js";

/**
 * A MaxMind DB (.mmdb) file searched on disk. The search tree, 7.8 MB of the bundled country
 * database, never sits in the server's memory whole (mmdb-lib, like every JavaScript reader, keeps
 * the whole file in a Buffer): it is read a block of nodes at a time, and the blocks used last are
 * kept (CACHED_BLOCKS, under 1 MB), so the top of the tree, which every lookup passes, is read
 * once, and a lookup reads the few blocks of its own branch instead of a node per bit. The data
 * section is read into memory once: a country database's is a few kilobytes. Format: https://maxmind.github.io/MaxMind-DB/ (decision 031).
 */
export class MmdbFile {
  readonly #fd: number;
  readonly #nodeCount: number;
  readonly #recordBytes: number;
  readonly #readRecord: (nodes: Buffer, at: number, right: boolean) => number;
  readonly #data: Buffer;
  readonly #ipv4Start: number;
  readonly #ipVersion: number;
  /**
   * Blocks of NODES_PER_BLOCK nodes by index (a hole where not kept), and when each was last used:
   * a lookup touches a block per tree level, so the bookkeeping is an array store, not the delete
   * and set of a map kept in use order (those cost a lookup 2–3 µs). `#keptBlocks` lists the
   * indexes kept; the least recently used of them is looked for only on a read from disk.
   */
  readonly #blocks: (Buffer | undefined)[];
  readonly #lastUsed: Float64Array;
  readonly #keptBlocks = new Int32Array(CACHED_BLOCKS);
  #kept = 0;
  #uses = 0;
  /** Decoded records by their offset in the data section: a country database has a few hundred. */
  readonly #records = new Map<number, unknown>();

  private constructor(fd: number) {
    this.#fd = fd;
    const size = fstatSync(fd).size;
    const tail = readAt(fd, Math.max(0, size - METADATA_MAX_BYTES), Math.min(size, METADATA_MAX_BYTES));
    const marker = tail.lastIndexOf(METADATA_MARKER);
    if (marker < 0) throw new Error("not a MaxMind DB file (no metadata marker)");
    const metadata = decode(tail, marker + METADATA_MARKER.length, 0).value as Record<string, unknown>;
    const nodeCount = metadata.node_count;
    const recordSize = metadata.record_size;
    const ipVersion = metadata.ip_version;
    if (typeof nodeCount !== "number" || typeof ipVersion !== "number")
      throw new Error("MaxMind DB metadata incomplete");
    if (recordSize !== 24 && recordSize !== 28 && recordSize !== 32)
      throw new Error(`unsupported MaxMind DB record size ${String(recordSize)}`);
    this.#nodeCount = nodeCount;
    this.#ipVersion = ipVersion;
    const blockCount = Math.ceil(nodeCount / NODES_PER_BLOCK);
    this.#blocks = new Array<Buffer | undefined>(blockCount).fill(undefined);
    this.#lastUsed = new Float64Array(blockCount);
    this.#recordBytes = recordSize / 4;
    this.#readRecord = RECORD_READERS[recordSize];
    const treeBytes = this.#recordBytes * nodeCount;
    const metadataStart = size - tail.length + marker;
    const dataStart = treeBytes + DATA_SEPARATOR_BYTES;
    if (metadataStart < dataStart) throw new Error("MaxMind DB search tree larger than the file");
    this.#data = readAt(fd, dataStart, metadataStart - dataStart);
    // An IPv4 address in an IPv6 tree is ::a.b.c.d: its search starts 96 left turns down.
    let start = 0;
    for (let depth = 0; ipVersion === 6 && depth < 96 && start < nodeCount; depth++)
      start = this.#next(start, false);
    this.#ipv4Start = start;
  }

  static open(file: string): MmdbFile {
    const fd = openSync(file, "r");
    try {
      return new MmdbFile(fd);
    } catch (error) {
      closeSync(fd);
      throw error;
    }
  }

  /** The record for an address (IPv4, IPv6, or IPv4-mapped IPv6), or null when none covers it. */
  get(address: string): unknown {
    let bytes = dottedQuad(address);
    if (!bytes) {
      try {
        // process() reads an IPv4-mapped IPv6 address as the IPv4 one, and throws for a non-address.
        bytes = ipaddr.process(address).toByteArray();
      } catch {
        return null;
      }
    }
    if (bytes.length === 16 && this.#ipVersion === 4) return null;
    let node = bytes.length === 4 ? this.#ipv4Start : 0;
    for (let bit = 0; bit < bytes.length * 8 && node < this.#nodeCount; bit++)
      node = this.#next(node, (((bytes[bit >> 3] ?? 0) >> (7 - (bit & 7))) & 1) === 1);
    // Equal to the node count: no data for this address. Above it: a pointer into the data.
    if (node <= this.#nodeCount) return null;
    return this.#record(node - this.#nodeCount - DATA_SEPARATOR_BYTES);
  }

  /** What the kept blocks of the search tree hold, in bytes (bounded: CACHED_BLOCKS). */
  get cachedTreeBytes(): number {
    let bytes = 0;
    for (const block of this.#blocks) if (block) bytes += block.length;
    return bytes;
  }

  close(): void {
    closeSync(this.#fd);
  }

  #next(node: number, right: boolean): number {
    const index = Math.floor(node / NODES_PER_BLOCK);
    return this.#readRecord(this.#block(index), (node - index * NODES_PER_BLOCK) * this.#recordBytes, right);
  }

  #block(index: number): Buffer {
    const kept = this.#blocks[index];
    this.#lastUsed[index] = ++this.#uses;
    if (kept) return kept;
    const first = index * NODES_PER_BLOCK;
    const bytes = Math.min(NODES_PER_BLOCK, this.#nodeCount - first) * this.#recordBytes;
    // Full: the least recently used block leaves, and its buffer takes the new one's bytes.
    const full = this.#kept === CACHED_BLOCKS;
    const slot = full ? this.#leastRecentlyUsedSlot() : this.#kept;
    let block: Buffer | undefined;
    if (full) {
      const leaving = this.#keptBlocks[slot] ?? 0;
      block = this.#blocks[leaving];
      this.#blocks[leaving] = undefined;
    }
    if (block?.length !== bytes) block = Buffer.allocUnsafe(bytes);
    // A short read (a file cut off mid-tree) would leave stale bytes in the block. After one, the
    // slot still names the block that left; taking that slot again only drops it once more.
    if (readSync(this.#fd, block, 0, bytes, first * this.#recordBytes) !== bytes)
      throw new Error("MaxMind DB file shorter than its search tree");
    if (!full) this.#kept++;
    this.#keptBlocks[slot] = index;
    this.#blocks[index] = block;
    return block;
  }

  #leastRecentlyUsedSlot(): number {
    let slot = 0;
    let oldest = Number.POSITIVE_INFINITY;
    for (let i = 0; i < CACHED_BLOCKS; i++) {
      const used = this.#lastUsed[this.#keptBlocks[i] ?? 0] ?? 0;
      if (used < oldest) {
        oldest = used;
        slot = i;
      }
    }
    return slot;
  }

  #record(offset: number): unknown {
    let record = this.#records.get(offset);
    if (record === undefined) {
      record = decode(this.#data, offset, 0).value;
      this.#records.set(offset, record);
    }
    return record;
  }
}

const METADATA_MARKER = Buffer.from("abcdef4d61784d696e642e636f6d", "hex"); // "\xAB\xCD\xEFMaxMind.com"
/** The metadata sits in the file's last 128 KiB (the format's own bound). */
const METADATA_MAX_BYTES = 128 * 1024;
/** Sixteen zero bytes between the search tree and the data section. */
const DATA_SEPARATOR_BYTES = 16;

/**
 * Search-tree nodes read from disk at a time, and blocks kept: 1,024 nodes are 6–8 KB, 128 blocks
 * 0.75–1 MB (a tenth of the bundled tree). Random public IPv4 addresses measured 3 µs a lookup with
 * these (a read from disk for most), 37–53 µs reading node by node; a lookup whose blocks are all
 * kept, 0.2–0.3 µs (decision 031, addenda of sessions 39 and 40).
 */
const NODES_PER_BLOCK = 1024;
const CACHED_BLOCKS = 128;

/** A node (at `at` in `nodes`) holds two records (left: bit 0, right: bit 1) of 24, 28 or 32 bits. */
const RECORD_READERS: Record<24 | 28 | 32, (nodes: Buffer, at: number, right: boolean) => number> = {
  24: (nodes, at, right) => nodes.readUIntBE(at + (right ? 3 : 0), 3),
  28: (nodes, at, right) =>
    right
      ? (((nodes[at + 3] ?? 0) & 0x0f) << 24) | nodes.readUIntBE(at + 4, 3)
      : (((nodes[at + 3] ?? 0) & 0xf0) << 20) | nodes.readUIntBE(at, 3),
  32: (nodes, at, right) => nodes.readUInt32BE(at + (right ? 4 : 0)),
};

/**
 * The four bytes of an IPv4 address written the usual way (what a socket reports), or null for
 * anything else, which ipaddr.js then reads (IPv6, IPv4-mapped IPv6, and the old forms it accepts,
 * such as octal octets: "010" is 8 there, so a leading zero is left to it). By hand it costs a
 * fraction of ipaddr's regular expressions.
 */
export function dottedQuad(address: string): number[] | null {
  const bytes: number[] = [];
  let value = 0;
  let digits = 0;
  for (let i = 0; i <= address.length; i++) {
    const code = i < address.length ? address.charCodeAt(i) : DOT; // the end closes the last octet
    if (code === DOT) {
      if (digits === 0 || bytes.length === 4) return null;
      bytes.push(value);
      value = 0;
      digits = 0;
    } else if (code >= ZERO && code <= NINE) {
      if (digits > 0 && value === 0) return null; // a leading zero
      value = value * 10 + (code - ZERO);
      digits++;
      if (digits > 3 || value > 255) return null;
    } else return null;
  }
  return bytes.length === 4 ? bytes : null;
}

const DOT = 46;
const ZERO = 48;
const NINE = 57;

function readAt(fd: number, position: number, length: number): Buffer {
  const buffer = Buffer.alloc(length);
  const read = readSync(fd, buffer, 0, length, position);
  if (read !== length) throw new Error("MaxMind DB file shorter than its metadata says");
  return buffer;
}

/** One value of the format's data section at `offset`; `base` is where its pointers count from. */
function decode(data: Buffer, offset: number, base: number): { value: unknown; end: number } {
  const control = byteAt(data, offset);
  let at = offset + 1;
  let type = control >> 5;
  if (type === POINTER) {
    const size = (control >> 3) & 0x3;
    const high = control & 0x7;
    const pointer =
      size === 3
        ? data.readUInt32BE(at)
        : ((high << (8 * (size + 1))) | data.readUIntBE(at, size + 1)) + (POINTER_BIAS[size] ?? 0);
    // What a pointer points to is decoded there; reading goes on after the pointer itself.
    return { value: decode(data, base + pointer, base).value, end: at + size + 1 };
  }
  if (type === EXTENDED) type = 7 + byteAt(data, at++);
  let size = control & 0x1f;
  if (size >= 29) {
    const extra = size - 28;
    size = (SIZE_BIAS[extra - 1] ?? 0) + data.readUIntBE(at, extra);
    at += extra;
  }
  switch (type) {
    case UTF8:
      return { value: data.toString("utf8", at, at + size), end: at + size };
    case BYTES:
      return { value: data.subarray(at, at + size), end: at + size };
    case DOUBLE:
      return { value: data.readDoubleBE(at), end: at + 8 };
    case FLOAT:
      return { value: data.readFloatBE(at), end: at + 4 };
    case UINT16:
    case UINT32:
    case UINT64:
    case UINT128:
      return { value: unsigned(data, at, size), end: at + size };
    case INT32:
      // Shorter than four bytes, an int32 is padded with zeros: never negative.
      return { value: size === 4 ? data.readInt32BE(at) : Number(unsigned(data, at, size)), end: at + size };
    case BOOLEAN:
      return { value: size !== 0, end: at };
    case MAP: {
      const map: Record<string, unknown> = {};
      for (let i = 0; i < size; i++) {
        const key = decode(data, at, base);
        const value = decode(data, key.end, base);
        map[String(key.value)] = value.value;
        at = value.end;
      }
      return { value: map, end: at };
    }
    case ARRAY: {
      const array: unknown[] = [];
      for (let i = 0; i < size; i++) {
        const item = decode(data, at, base);
        array.push(item.value);
        at = item.end;
      }
      return { value: array, end: at };
    }
    default:
      throw new Error(`unsupported MaxMind DB data type ${type}`);
  }
}

function byteAt(data: Buffer, offset: number): number {
  const byte = data[offset];
  if (byte === undefined) throw new Error("MaxMind DB data cut short");
  return byte;
}

/** An unsigned integer of `size` bytes: a number while exact, a bigint beyond. */
function unsigned(data: Buffer, at: number, size: number): number | bigint {
  let value = 0n;
  for (let i = 0; i < size; i++) value = (value << 8n) | BigInt(byteAt(data, at + i));
  return value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
}

const EXTENDED = 0;
const POINTER = 1;
const UTF8 = 2;
const DOUBLE = 3;
const BYTES = 4;
const UINT16 = 5;
const UINT32 = 6;
const MAP = 7;
const INT32 = 8;
const UINT64 = 9;
const UINT128 = 10;
const ARRAY = 11;
const BOOLEAN = 14;
const FLOAT = 15;
/** What a pointer of 1, 2, 3 or 4 bytes adds to its value (the smaller sizes' ranges come first). */
const POINTER_BIAS: readonly number[] = [0, 2048, 526_336, 0];
/** What a size of 29, 30 or 31 adds to the one, two or three bytes that follow. */
const SIZE_BIAS: readonly number[] = [29, 285, 65_821];
