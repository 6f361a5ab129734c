// A call that serves an SDK server: connect(), or SDK v2's entry points. The entry's awaited dynamic
// imports count as loaded before the server is served only up to the statement that holds one.
export const SERVES = /\.\s*connect\s*\(|\bserveStdio\s*\(|\bcreateMcpHandler\s*\(/;
