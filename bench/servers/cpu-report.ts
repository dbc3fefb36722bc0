// Every bench server answers SIGUSR2 with its CPU time so far (process.cpuUsage, user + system, in
// µs) on stdout, so the bench can take the server's CPU over exactly the window it measured.
process.on('SIGINT', () => process.exit(0));
process.on('SIGUSR2', () => {
  const { user, system } = process.cpuUsage();
  process.stdout.write(`CPU ${user + system}\n`);
});
