import { readFile } from "node:fs/promises";

/**
 * How a file's bytes became its text, so that writing it back changes only what the migration
 * changed. UTF-8 is the rule; a file with bytes that are not UTF-8 (a comment saved in a Windows
 * code page) is read byte for byte, and UTF-16 with a byte order mark, which TypeScript reads, as
 * UTF-16. Reading either as UTF-8 would replace those bytes, or miss every name in the file.
 */
export type SourceEncoding = "utf8" | "bytes" | "utf16le" | "utf16be";

export type SourceText = { text: string; encoding: SourceEncoding };

const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

export function decodeSource(bytes: Buffer): SourceText {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: bytes.toString("utf16le"), encoding: "utf16le" };
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return { text: swapPairs(bytes).toString("utf16le"), encoding: "utf16be" };
  try {
    return { text: strictUtf8.decode(bytes), encoding: "utf8" };
  } catch {
    return { text: bytes.toString("latin1"), encoding: "bytes" };
  }
}

export async function readSource(path: string): Promise<SourceText> {
  return decodeSource(await readFile(path));
}

/** The bytes of `text` as the file held them; throws when a character cannot be written so. */
export function encodeSource(text: string, encoding: SourceEncoding): Buffer {
  switch (encoding) {
    case "utf8":
      return Buffer.from(text, "utf8");
    case "utf16le":
      return Buffer.from(text, "utf16le");
    case "utf16be":
      return swapPairs(Buffer.from(text, "utf16le"));
    case "bytes": {
      const wide = /[^\u0000-\u00ff]/u.exec(text);
      if (wide) {
        throw new Error(
          `the file is not UTF-8, and the change would write "${wide[0]}", which its encoding cannot hold: save it as UTF-8 and run app migrate again`,
        );
      }
      return Buffer.from(text, "latin1");
    }
  }
}

function swapPairs(bytes: Buffer): Buffer {
  const swapped = Buffer.from(bytes.subarray(0, bytes.length - (bytes.length % 2)));
  return swapped.swap16();
}
