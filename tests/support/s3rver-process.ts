/**
 * Runs s3rver (a real S3-protocol server) on a free local port, storing into the folder given as
 * the first argument, and prints `{"port":N}` once it listens. Started by tests/support/s3.ts with
 * `--openssl-legacy-provider`: s3rver encrypts ListObjectsV2 continuation tokens with DES, which
 * OpenSSL 3 keeps in its legacy provider, so without the flag any listing longer than a page fails.
 */
import S3rver from "s3rver";

const directory = process.argv[2];
if (!directory) throw new Error("usage: s3rver-process.ts DIRECTORY");
const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory });
const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ port })}\n`);
process.on("SIGTERM", () => {
  server.close().then(() => process.exit(0));
});
