// The embedded broker's limit on a packet's size (aedes has none: a client could announce a
// 256 MB packet and the parser would buffer it). Reads each packet's fixed header as the bytes go
// by and closes the connection as soon as one announces more than the limit, before its body
// arrives. MQTT 3.1.1 section 2.2: one byte of type and flags, then the remaining length in 1-4
// bytes of 7 bits each.
import type { Socket } from "node:net";

export function guardPacketSize(socket: Socket, maxBytes: number, onRefused: (announced: number) => void) {
  let skip = 0; // body bytes of the current packet still to pass
  let state: "type" | "length" = "type";
  let length = 0;
  let multiplier = 1;
  let lengthBytes = 0;
  socket.on("data", (chunk: Buffer) => {
    let i = 0;
    while (i < chunk.length) {
      if (skip > 0) {
        const n = Math.min(skip, chunk.length - i);
        skip -= n;
        i += n;
        continue;
      }
      const b = chunk[i++]!;
      if (state === "type") {
        state = "length";
        length = 0;
        multiplier = 1;
        lengthBytes = 0;
        continue;
      }
      length += (b & 0x7f) * multiplier;
      multiplier *= 128;
      lengthBytes++;
      if (length > maxBytes || (b & 0x80 && lengthBytes >= 4)) {
        onRefused(length);
        socket.destroy();
        return;
      }
      if (!(b & 0x80)) {
        state = "type";
        skip = length;
      }
    }
  });
}
