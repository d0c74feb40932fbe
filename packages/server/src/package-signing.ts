import { createPrivateKey, createPublicKey, type KeyObject, sign, verify } from 'node:crypto';
import {
  PACKAGE_MANIFEST_FORMAT,
  type PackageManifest,
  packageManifestSchema,
  type SignedPackageManifest,
  signedPackageManifestSchema,
} from '@benchside/contracts/helper';

/** A key or manifest that cannot be used: the message says which and why. */
export class PackageSigningError extends Error {
  override name = 'PackageSigningError';
}

const RAW_PUBLIC_KEY = /^[A-Za-z0-9_-]{43}$/;

/**
 * The vendor's Ed25519 publishing key from PEM (`openssl genpkey -algorithm ed25519`). Only the
 * publishing side holds it; helpers get the public half.
 */
export function readPackageSigningKey(pem: string | Buffer): KeyObject {
  let key: KeyObject;
  try {
    key = createPrivateKey(pem);
  } catch (error) {
    throw new PackageSigningError(`not a PEM private key (${describe(error)})`);
  }
  if (key.asymmetricKeyType !== 'ed25519') {
    throw new PackageSigningError(`an Ed25519 key is needed, this one is ${key.asymmetricKeyType}`);
  }
  return key;
}

/** The public half as 43 base64url characters (its 32 raw bytes): one line for a setting or a build. */
export function packagePublicKeyText(privateOrPublicKey: KeyObject): string {
  const publicKey =
    privateOrPublicKey.type === 'private' ? createPublicKey(privateOrPublicKey) : privateOrPublicKey;
  const { x } = publicKey.export({ format: 'jwk' });
  if (typeof x !== 'string') throw new PackageSigningError('the key has no Ed25519 public part');
  return x;
}

/** Reads the one-line public key `packagePublicKeyText` writes. */
export function parsePackagePublicKey(text: string): KeyObject {
  const trimmed = text.trim();
  if (!RAW_PUBLIC_KEY.test(trimmed)) {
    throw new PackageSigningError('an Ed25519 public key is 43 base64url characters (32 bytes)');
  }
  return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: trimmed }, format: 'jwk' });
}

/** Signs the manifest's JSON bytes with the vendor's private key. */
export function signPackageManifest(
  manifest: Omit<PackageManifest, 'format'>,
  privateKey: KeyObject,
): SignedPackageManifest {
  const bytes = Buffer.from(JSON.stringify({ format: PACKAGE_MANIFEST_FORMAT, ...manifest }));
  return {
    manifest: bytes.toString('base64'),
    signature: sign(null, bytes, privateKey).toString('base64'),
  };
}

/**
 * The manifest inside a signed document, only when the signature is one trusted key's over those
 * exact bytes and they are a manifest of this format. Several keys are trusted while the vendor
 * rotates its publishing key. Anything else throws PackageSigningError.
 */
export function openSignedPackageManifest(
  document: unknown,
  trustedKeys: readonly KeyObject[],
): PackageManifest {
  const signed = signedPackageManifestSchema.safeParse(document);
  if (!signed.success) throw new PackageSigningError('the package manifest is not a signed manifest');
  const bytes = Buffer.from(signed.data.manifest, 'base64');
  const signature = Buffer.from(signed.data.signature, 'base64');
  if (!trustedKeys.some((publicKey) => verify(null, bytes, publicKey, signature))) {
    throw new PackageSigningError(
      'the package manifest is not signed by the publishing key this helper trusts',
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new PackageSigningError('the signed package manifest is not JSON');
  }
  const manifest = packageManifestSchema.safeParse(json);
  if (!manifest.success) throw new PackageSigningError('the signed package manifest has an unknown format');
  return manifest.data;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
