import S3rver from 's3rver';

/**
 * s3rver for startS3TestServer, in a process of its own so that its memory and event loop are not
 * the client's under test. Arguments: the folder for its files and the bucket to create. Tells its
 * parent the port, and exits when the parent goes, however the parent ends.
 */
const [directory, bucket] = process.argv.slice(2);
if (directory === undefined || bucket === undefined || process.send === undefined) {
  throw new Error(
    'Run by startS3TestServer: s3-test-server-process.ts <directory> <bucket>, with an IPC channel',
  );
}
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory,
  configureBuckets: [{ name: bucket }],
});
const { port } = await server.run();
process.on('disconnect', () => process.exit(0));
process.send({ port });
