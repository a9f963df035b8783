import { describe, expect, it } from 'vitest';
import { auditParams, auditQueryOf, auditViewOf } from './audit-address';

describe('the audit view in the address', () => {
  it('reads the page and each filter, and asks for them', () => {
    const view = auditViewOf('?view=audit&audit_page=3&token_id=7&actor=0&action=token.reveal');
    expect(view).toEqual({ audit_page: 3, token_id: 7, actor: 0, action: 'token.reveal' });
    expect(auditQueryOf(view)).toEqual({
      p: 3,
      size: 20,
      token_id: 7,
      actor: 0,
      action: 'token.reveal',
    });
  });

  it('leaves out what it does not understand, so an edited link still opens', () => {
    expect(auditViewOf('?audit_page=-2&token_id=1.5&actor=x&action=token.burn')).toEqual({
      audit_page: 1,
      token_id: undefined,
      actor: undefined,
      action: undefined,
    });
  });

  it('writes only what is set, and the first page not at all', () => {
    expect(auditParams({ audit_page: 1, token_id: 7 })).toEqual({
      audit_page: null,
      token_id: '7',
      actor: null,
      action: null,
    });
    expect(auditParams({ audit_page: 2, actor: 0 })).toMatchObject({ audit_page: '2', actor: '0' });
  });
});
