/**
 * This process's stdout as the servers' transports need it: every chunk as bytes. The command line guards
 * what commands write (src/report/terminal.ts turns strings' control and invisible characters into visible
 * escapes for a terminal); a protocol stream is no terminal. JSON would keep its meaning through the guard
 * (an escape is spelled `\uXXXX`), but LSP's header framing (`\r\n`) would not: the language server
 * hung at `initialize` until its stream bypassed the guard. Buffers pass the guard unchanged.
 */
import { Writable } from "node:stream";

export function rawStdout(): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      process.stdout.write(Buffer.from(chunk), done);
    },
  });
}
