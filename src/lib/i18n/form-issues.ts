import type { MessageKey } from './en';
import type { Translate } from './translate';

/** A problem a form's schema found, as zod hands it to an error map. */
export interface FormIssue {
  readonly code: string;
  readonly path?: readonly PropertyKey[];
  /** A custom check's details: `reason` names its problem. */
  readonly params?: unknown;
}

/** One message for every problem of a field, or one per problem. */
type FieldMessages = MessageKey | { readonly [problem: string]: MessageKey };

/**
 * The message each field of a form shows, by the field an issue's path starts with and the
 * issue's code, or a custom check's reason.
 */
export type IssueMessages<Field extends string> = { readonly [F in Field]?: FieldMessages };

const problemOf = (issue: FormIssue): string => {
  const reason = (issue.params as { reason?: unknown } | undefined)?.reason;
  return issue.code === 'custom' && typeof reason === 'string' ? reason : issue.code;
};

export function issueMessage<Field extends string>(
  messages: IssueMessages<Field>,
  issue: FormIssue,
): MessageKey | undefined {
  const field = issue.path?.[0];
  if (typeof field !== 'string' || !Object.hasOwn(messages, field)) return undefined;
  const entry = messages[field as Field];
  return typeof entry === 'object' ? entry[problemOf(issue)] : entry;
}

/** A zod error map that tells each problem of a form in the reader's language. */
export function issueErrorMap<Field extends string>(messages: IssueMessages<Field>, t: Translate) {
  return (issue: FormIssue): string | undefined => {
    const key = issueMessage(messages, issue);
    return key === undefined ? undefined : t(key);
  };
}
