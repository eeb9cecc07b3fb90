// X.509 certificates made at test time with node:crypto alone: no openssl binary and no committed
// key or certificate that expires one day. Node can make keys and sign, but has no certificate
// builder, so the few DER structures a certificate needs are written here by hand (P-256 keys,
// ecdsa-with-SHA256). Any validity window can be chosen, so an expired certificate is as easy to
// make as a valid one.
import { createPrivateKey, generateKeyPairSync, randomBytes, sign, X509Certificate, type KeyObject } from 'node:crypto';
import { isIP } from 'node:net';

export interface TestCert {
  /** PEM of the certificate. */
  cert: string;
  /** PEM (PKCS#8) of its private key. */
  key: string;
  /** For signing other certificates with it. */
  keyObject: KeyObject;
  subject: string;
}

export interface CertOptions {
  /** Common name, also the issuer's name when self-signed. */
  commonName: string;
  /** Host names and IP addresses for subjectAltName (the name Node checks). */
  altNames?: string[];
  /** Marks the certificate as a CA that may sign others. */
  ca?: boolean;
  notBefore?: Date;
  notAfter?: Date;
  /** Signs with this certificate's key and names it as issuer; self-signed otherwise. */
  issuer?: TestCert;
}

const DAY = 24 * 60 * 60 * 1000;

/** A certificate (and its new key) as described; valid from yesterday for a year by default. */
export function makeCert(options: CertOptions): TestCert {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const now = Date.now();
  const notBefore = options.notBefore ?? new Date(now - DAY);
  const notAfter = options.notAfter ?? new Date(now + 365 * DAY);
  const issuerName = options.issuer?.subject ?? options.commonName;
  const signer = options.issuer?.keyObject ?? privateKey;

  const extensions: Buffer[] = [
    extension('2.5.29.19', true, seq(...(options.ca ? [boolean(true)] : []))),
    // keyUsage: keyCertSign + cRLSign for a CA, digitalSignature for a server.
    extension('2.5.29.15', true, bitString(options.ca ? Buffer.from([0x06]) : Buffer.from([0x80]), options.ca ? 1 : 7)),
  ];
  if (options.altNames?.length) {
    const names = options.altNames.map((n) => (isIP(n) ? tlv(0x87, ipBytes(n)) : tlv(0x82, Buffer.from(n, 'ascii'))));
    extensions.push(extension('2.5.29.17', false, seq(...names)));
  }

  const algorithm = seq(oid('1.2.840.10045.4.3.2'));
  const serial = randomBytes(12);
  // Positive (top bit clear) and minimal DER: a leading zero byte before one below 0x80 is an
  // invalid INTEGER, which OpenSSL refused one run in a few hundred ("illegal padding").
  serial[0] = (serial[0] & 0x7f) | 0x40;
  const tbs = seq(
    explicit(0, integer(Buffer.from([2]))),
    integer(serial),
    algorithm,
    name(issuerName),
    seq(time(notBefore), time(notAfter)),
    name(options.commonName),
    publicKey.export({ type: 'spki', format: 'der' }),
    explicit(3, seq(...extensions)),
  );
  const signature = sign('sha256', tbs, signer);
  const der = seq(tbs, algorithm, bitString(signature));
  const cert = `-----BEGIN CERTIFICATE-----\n${der.toString('base64').replace(/.{64}/g, '$&\n').replace(/\n?$/, '\n')}-----END CERTIFICATE-----\n`;
  // Parsing it back catches an encoding mistake here rather than as a puzzling TLS failure.
  new X509Certificate(cert);
  const key = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  return { cert, key, keyObject: createPrivateKey(key), subject: options.commonName };
}

function tlv(tag: number, content: Buffer): Buffer {
  const n = content.length;
  const length = n < 0x80 ? Buffer.from([n]) : lengthBytes(n);
  return Buffer.concat([Buffer.from([tag]), length, content]);
}

function lengthBytes(n: number): Buffer {
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

function seq(...parts: Buffer[]): Buffer {
  return tlv(0x30, Buffer.concat(parts));
}

function explicit(n: number, content: Buffer): Buffer {
  return tlv(0xa0 + n, content);
}

function integer(bytes: Buffer): Buffer {
  // A leading zero keeps a value with the high bit set positive.
  return tlv(0x02, bytes[0] & 0x80 ? Buffer.concat([Buffer.from([0]), bytes]) : bytes);
}

function boolean(value: boolean): Buffer {
  return tlv(0x01, Buffer.from([value ? 0xff : 0]));
}

function bitString(bytes: Buffer, unusedBits = 0): Buffer {
  return tlv(0x03, Buffer.concat([Buffer.from([unusedBits]), bytes]));
}

function oid(dotted: string): Buffer {
  const [a, b, ...rest] = dotted.split('.').map(Number);
  const out = [40 * a + b];
  for (const v of rest) {
    const chunk = [v & 0x7f];
    for (let x = Math.floor(v / 128); x > 0; x = Math.floor(x / 128)) chunk.unshift((x & 0x7f) | 0x80);
    out.push(...chunk);
  }
  return tlv(0x06, Buffer.from(out));
}

function name(commonName: string): Buffer {
  return seq(tlv(0x31, seq(oid('2.5.4.3'), tlv(0x0c, Buffer.from(commonName, 'utf8')))));
}

/** UTCTime for 1950–2049 (as RFC 5280 requires), GeneralizedTime otherwise. */
function time(d: Date): Buffer {
  const iso = d.toISOString();
  const digits = iso.slice(0, 19).replace(/[-:T]/g, '');
  const year = d.getUTCFullYear();
  return year >= 1950 && year < 2050
    ? tlv(0x17, Buffer.from(`${digits.slice(2)}Z`))
    : tlv(0x18, Buffer.from(`${digits}Z`));
}

function extension(id: string, critical: boolean, value: Buffer): Buffer {
  return seq(oid(id), ...(critical ? [boolean(true)] : []), tlv(0x04, value));
}

function ipBytes(ip: string): Buffer {
  if (isIP(ip) === 4) return Buffer.from(ip.split('.').map(Number));
  throw new Error(`IPv6 altNames are not needed by the tests: ${ip}`);
}
