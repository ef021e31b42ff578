/** The CLI's entry for tests: what `server/bin/puncteme.js` does, from the TypeScript sources. */
import { main } from '../../server/src/cli/main';

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: Error) => {
    process.stderr.write(`puncteme: ${err.stack ?? err}\n`);
    process.exitCode = 2;
  },
);
