import type { BaseToken } from './types';

/** The tokens table: ids handed out like an auto-increment column; explicit ids must be new. */
export class TokenStore<T extends BaseToken> {
  private readonly rows = new Map<number, T>();
  private nextId = 1;

  insert(row: Omit<T, 'id'> & { id?: number }): T {
    const id = row.id ?? this.nextId;
    if (!Number.isInteger(id) || id < 1) throw new Error(`token id must be a positive integer`);
    if (this.rows.has(id)) throw new Error(`a token with id ${id} is already stored`);
    const stored = { ...row, id } as T;
    this.rows.set(id, stored);
    this.nextId = Math.max(this.nextId, id + 1);
    return stored;
  }

  get(id: number, userId: number): T | undefined {
    const row = this.rows.get(id);
    return row && row.user_id === userId ? row : undefined;
  }

  delete(id: number): void {
    this.rows.delete(id);
  }

  /** Rows of one user in id order. */
  ofUser(userId: number): T[] {
    return this.all().filter((row) => row.user_id === userId);
  }

  all(): T[] {
    return [...this.rows.values()].sort((a, b) => a.id - b.id);
  }

  peekNextId(): number {
    return this.nextId;
  }

  clear(): void {
    this.rows.clear();
    this.nextId = 1;
  }
}
