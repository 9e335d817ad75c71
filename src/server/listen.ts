import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { AppError } from "../errors.js";

export type ListenInfo = { port: number; host: string; url: string };

/** Listens on `port`/`host`; rejects with an `AppError` that names the variable to change. */
export function listen(server: Server, port: number, host: string | undefined): Promise<ListenInfo> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException): void => reject(listenError(error, port, host));
    server.once("error", onError);
    server.listen(host === undefined ? { port } : { port, host }, () => {
      server.off("error", onError);
      const address = server.address() as AddressInfo;
      const shown = address.address === "::" || address.address === "0.0.0.0" ? "localhost" : address.address;
      const urlHost = shown.includes(":") ? `[${shown}]` : shown;
      resolve({ port: address.port, host: address.address, url: `http://${urlHost}:${address.port}` });
    });
  });
}

function listenError(error: NodeJS.ErrnoException, port: number, host: string | undefined): Error {
  switch (error.code) {
    case "EADDRINUSE":
      return new AppError("PORT_IN_USE", `Port ${port} is already in use.`, {
        hint: "Set PORT (or --port) to a free port.",
        cause: error,
      });
    case "EACCES":
      return new AppError("OPTION_INVALID", `Port ${port} needs privileges this process does not have.`, {
        hint: "Set PORT (or --port) to a port above 1023.",
        cause: error,
      });
    case "EADDRNOTAVAIL":
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return new AppError("OPTION_INVALID", `Cannot listen on HOST "${host}": no network interface has that address.`, {
        hint: "Set HOST (or --host) to an address of this machine, or leave it unset to listen on all interfaces.",
        cause: error,
      });
    default:
      return error;
  }
}

export function checkPort(port: number): number {
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new AppError("OPTION_INVALID", `The port must be a whole number from 0 to 65535, got ${String(port)}.`, {
      hint: "Set PORT (or --port) to a free port such as 3000.",
    });
  }
  return port;
}
