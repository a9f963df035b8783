/**
 * The row the checkpoint thread writes to start the write-ahead log afresh after a quiet moment,
 * so that SQLite's sync of a new log's header is the thread's and not a request's
 * (background-checkpoints.ts). It counts them; nothing else reads it.
 */
export const LOG_RESTARTS = `
  CREATE TABLE log_restarts (
    only_row INTEGER PRIMARY KEY CHECK (only_row = 1),
    restarts INTEGER NOT NULL
  );
  INSERT INTO log_restarts (only_row, restarts) VALUES (1, 0);
`;
