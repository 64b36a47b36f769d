import { createHash, createSign, generateKeyPairSync, type KeyObject, randomBytes } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

// What a browser and a passkey do (issue 52), for the API tests: a software authenticator that makes
// an ES256 credential for a challenge and signs later challenges with it, answering as
// navigator.credentials.create() and .get() serialise to JSON. The e2e tests use Chromium's own
// virtual authenticator instead (e2e/security.spec.ts).

interface Options {
  challenge: string;
  rp?: { id?: string };
  rpId?: string;
}

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const b64 = (data: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(data));

export class TestAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly key: KeyObject;
  private readonly publicKey: KeyObject;
  private counter = 0;

  constructor(private readonly origin: string) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.key = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  get id(): string {
    return b64(this.credentialId);
  }

  /** A PublicKeyCredential as the browser serialises it, around the authenticator's `response`. */
  private credential<R extends Record<string, unknown>>(response: R) {
    return { id: this.id, rawId: this.id, type: 'public-key', clientExtensionResults: {}, response };
  }

  private authenticatorData(rpId: string, flags: number, attested?: Uint8Array): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin = this.origin) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** navigator.credentials.create({ publicKey: options }), as JSON ('none' attestation). */
  create(options: Options) {
    const jwk = this.publicKey.export({ format: 'jwk' });
    const cose = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, isoBase64URL.toBuffer(jwk.x ?? '')],
      [-3, isoBase64URL.toBuffer(jwk.y ?? '')],
    ]);
    const length = Buffer.alloc(2);
    length.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), length, this.credentialId, isoCBOR.encode(cose)]);
    // Flags: user present, user verified, attested credential data.
    const authData = this.authenticatorData(options.rp?.id ?? 'localhost', 0x45, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]) as never,
    );
    return this.credential({
      clientDataJSON: b64(this.clientData('webauthn.create', options.challenge)),
      attestationObject: b64(attestationObject),
      transports: ['internal'],
    });
  }

  /** navigator.credentials.get({ publicKey: options }), as JSON; `origin` as a phishing page would. */
  get(options: Options, origin?: string) {
    this.counter += 1;
    const authData = this.authenticatorData(options.rpId ?? 'localhost', 0x05);
    const clientData = this.clientData('webauthn.get', options.challenge, origin);
    const signer = createSign('SHA256');
    signer.update(Buffer.concat([authData, sha256(clientData)]));
    return this.credential({
      clientDataJSON: b64(clientData),
      authenticatorData: b64(authData),
      signature: b64(signer.sign(this.key)),
    });
  }
}
