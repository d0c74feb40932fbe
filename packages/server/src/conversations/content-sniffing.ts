import type { AttachmentContentType } from '@benchside/contracts/conversations';

/** How much of a file's start the sniffer looks at. */
export const SNIFF_BYTES = 8192;

const SIGNATURES: [AttachmentContentType, (head: Uint8Array) => boolean][] = [
  ['image/png', (head) => startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
  ['image/jpeg', (head) => startsWith(head, [0xff, 0xd8, 0xff])],
  ['image/gif', (head) => startsWithText(head, 'GIF87a') || startsWithText(head, 'GIF89a')],
  ['image/webp', (head) => startsWithText(head, 'RIFF') && textAt(head, 8, 'WEBP')],
  ['application/pdf', (head) => startsWithText(head, '%PDF-')],
  // A local file header, or the end record of an empty archive.
  [
    'application/zip',
    (head) => startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06]),
  ],
];

/**
 * The type of a file from its first bytes (`head`, up to SNIFF_BYTES), never from its name or the
 * browser's claim; null when it is none of the accepted types. `complete` says the head is the
 * whole file, so a multi-byte character cut at the end of a longer file is not held against it.
 */
export function sniffContentType(head: Uint8Array, complete: boolean): AttachmentContentType | null {
  for (const [type, matches] of SIGNATURES) if (matches(head)) return type;
  return isPlainText(head, complete) ? 'text/plain' : null;
}

function startsWith(head: Uint8Array, bytes: number[]): boolean {
  return head.length >= bytes.length && bytes.every((byte, index) => head[index] === byte);
}

function textAt(head: Uint8Array, offset: number, text: string): boolean {
  if (head.length < offset + text.length) return false;
  for (let index = 0; index < text.length; index += 1) {
    if (head[offset + index] !== text.charCodeAt(index)) return false;
  }
  return true;
}

function startsWithText(head: Uint8Array, text: string): boolean {
  return textAt(head, 0, text);
}

const decoder = new TextDecoder('utf-8', { fatal: true });

/** UTF-8 without control characters other than tab, line breaks, form feed and escape (coloured logs). */
function isPlainText(head: Uint8Array, complete: boolean): boolean {
  if (head.length === 0) return false;
  for (const byte of head) {
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c && byte !== 0x1b) {
      return false;
    }
    if (byte === 0x7f) return false;
  }
  // A character may be cut by the end of the sample: allow up to three trailing bytes to go.
  const cuts = complete ? [0] : [0, 1, 2, 3];
  return cuts.some((cut) => {
    if (cut >= head.length) return false;
    try {
      decoder.decode(head.subarray(0, head.length - cut));
      return true;
    } catch {
      return false;
    }
  });
}
