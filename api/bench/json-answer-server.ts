import { createServer } from 'node:http';

/**
 * A stand-in for Meilisearch in the search-client benchmark, in its own process so its CPU is
 * not counted: answers every POST with the same JSON (the size of a typical multi-search answer).
 */
const answer = JSON.stringify({
  results: [
    {
      indexUid: 'projects',
      hits: Array.from({ length: 10 }, (_, i) => ({ id: `p${i}`, hit: 'x'.repeat(180) })),
      estimatedTotalHits: 1234,
      facetDistribution: { kl: { fabric: 812, forge: 640, neoforge: 220, quilt: 97 }, kcat: { adventure: 301, utility: 288 } },
      processingTimeMs: 1,
    },
  ],
});

const server = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(answer) });
    response.end(answer);
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send!({ port: typeof address === 'object' && address ? address.port : 0 });
});
process.on('disconnect', () => process.exit(0));
