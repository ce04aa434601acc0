// The HTTPS agent for push services. It trusts Node's bundled roots, the system's certificate store
// (Debian's bundle, or SSL_CERT_FILE) and NODE_EXTRA_CA_CERTS: an agent given its own `ca` list
// otherwise drops the extra certificates, and a deployment behind an inspecting proxy needs them.
import fs from 'node:fs';
import https from 'node:https';
import type net from 'node:net';
import tls from 'node:tls';

const SYSTEM_BUNDLES = ['/etc/ssl/certs/ca-certificates.crt', '/etc/pki/tls/certs/ca-bundle.crt', '/etc/ssl/cert.pem'];

/** Every certificate authority this process should trust, as PEM texts. */
function trustedCertificateAuthorities(env: NodeJS.ProcessEnv = process.env): string[] {
  const files = [env.SSL_CERT_FILE ?? SYSTEM_BUNDLES.find((file) => fs.existsSync(file)), env.NODE_EXTRA_CA_CERTS];
  const extra = files.flatMap((file) => {
    if (!file) return [];
    try {
      return [fs.readFileSync(file, 'utf8')];
    } catch {
      return [];
    }
  });
  return [...tls.rootCertificates, ...extra];
}

/** The agent; `lookup` resolves each name it connects to (the push endpoint check). */
export function trustedHttpsAgent(env: NodeJS.ProcessEnv = process.env, lookup?: net.LookupFunction): https.Agent {
  return new https.Agent({
    ca: trustedCertificateAuthorities(env),
    keepAlive: true,
    maxSockets: 16,
    ...(lookup ? { lookup } : {}),
  });
}
