/**
 * The error `npm start` reports as one sentence when the API's port is taken.
 * Its own module, so local/start.ts can recognise it without loading the API
 * server (and the route table) before the emulators start.
 */
export class PortInUseError extends Error {
  override name = 'PortInUseError';
  constructor(
    readonly port: number,
    readonly host: string,
  ) {
    super(
      `port ${port} on ${host} is already in use (another npm start, or another program): stop it, or start on a free port with PORT=${port + 1} npm start`,
    );
  }
}
