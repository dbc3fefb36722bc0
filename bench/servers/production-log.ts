// The logging `npm start` runs with (info level: one access line per request, written
// asynchronously), into /dev/null or BENCH_LOG_FILE: the write is paid, the bench's pipe stays quiet.
import { openSync } from 'node:fs';
import { serverLogDestination } from '@app/api/logging';

export const productionLogger = {
  level: 'info',
  stream: serverLogDestination(openSync(process.env.BENCH_LOG_FILE ?? '/dev/null', 'a')),
};
