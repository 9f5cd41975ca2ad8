import { connect, type Socket } from 'node:net';

/**
 * A bare SSE client on a raw socket (an HTTP/1.1 GET kept open): thousands of them cost the bench
 * process little, and the time a frame arrives is read off the socket itself: `onData` gets every chunk
 * after the response head, with performance.now() at its arrival.
 */
export function subscribe(
  port: number,
  path: string,
  cookie: string,
  onData: (chunk: string, now: number) => void,
): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    let head = '';
    let open = false;
    socket.setEncoding('utf8');
    socket.on('error', (err) => {
      if (!open) reject(err);
    });
    socket.on('data', (chunk: string) => {
      if (!open) {
        head += chunk;
        if (!head.includes('\r\n\r\n')) return;
        if (!head.startsWith('HTTP/1.1 200')) {
          reject(new Error(`subscription refused: ${head.split('\r\n')[0]}`));
          socket.destroy();
          return;
        }
        open = true;
        resolve(socket);
        return;
      }
      onData(chunk, performance.now());
    });
    socket.write(
      `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: text/event-stream\r\nCookie: ${cookie}\r\n\r\n`,
    );
  });
}
