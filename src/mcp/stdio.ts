/**
 * This process's stdout as the servers' transports need it: every chunk as bytes. The command line guards
 * what commands write (src/report/terminal.ts turns strings' control and invisible characters into visible
 * escapes for a terminal); a protocol stream is no terminal, and its framing (`\r\n` in LSP headers) and
 * JSON text must reach the client byte for byte. Buffers pass the guard unchanged.
 */
import { Writable } from "node:stream";

export function rawStdout(): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      process.stdout.write(Buffer.from(chunk), done);
    },
  });
}
