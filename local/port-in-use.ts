/**
 * The error `npm start` reports as one sentence when a port it listens on is
 * taken, for every listener of the local stack (the API and the web app it
 * serves, the emulators, the event bus), and how a raw EADDRINUSE becomes it.
 * Its own module, so local/start.ts can recognise it without loading the API
 * server (and the route table) before the emulators start.
 */
export class PortInUseError extends Error {
  override name = 'PortInUseError';
  constructor(
    readonly port: number,
    readonly host: string,
    /** What listens there, and how to choose another port; the API's own by default. */
    readonly listener: { what: string; remedy: string } = { what: '', remedy: `start on a free port with PORT=${port + 1} npm start` },
  ) {
    super(
      `${listener.what ? `${listener.what}: ` : ''}port ${port} on ${host} is already in use (another npm start, or another program): stop it, or ${listener.remedy}`,
    );
  }
}

/** True for the error a listener fails with when its port is taken. */
export const isAddressInUse = (err: unknown): boolean => (err as NodeJS.ErrnoException | null)?.code === 'EADDRINUSE';
