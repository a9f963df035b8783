import { describe, expect, it } from 'vitest';
import { liteLlmMessage, unwrapPythonDict } from './litellm-message';

describe('LiteLLM’s refusals, readable', () => {
  it('unwraps the Python dict a message may be, keeping the words inside', () => {
    expect(unwrapPythonDict("{'error': 'max_budget cannot be negative. Received: -1.0'}")).toBe(
      'max_budget cannot be negative. Received: -1.0',
    );
    // Python writes a text holding ' between "".
    expect(unwrapPythonDict(`{'error': "Key with alias 'bot' already exists."}`)).toBe(
      "Key with alias 'bot' already exists.",
    );
    expect(unwrapPythonDict("{'error': 'line one\\nIt\\'s 50\\u20ac'}")).toBe("line one\nIt's 50€");
    // The words are the error's, wherever the dict puts them.
    expect(unwrapPythonDict("{'code': '42', 'error': 'No keys found'}")).toBe('No keys found');
  });

  it('leaves any other message as it is', () => {
    expect(unwrapPythonDict('Authentication Error, Invalid proxy server token passed.')).toBe(
      'Authentication Error, Invalid proxy server token passed.',
    );
    expect(unwrapPythonDict('{not a dict}')).toBe('{not a dict}');
  });

  it('reads OpenAI’s shape, which most of LiteLLM’s routes answer with', () => {
    expect(
      liteLlmMessage({
        error: {
          message: "{'error': 'max_budget cannot be negative. Received: -1.0'}",
          type: 'auth_error',
          param: 'None',
          code: '400',
        },
      }),
    ).toBe('max_budget cannot be negative. Received: -1.0');
  });

  it('tells FastAPI’s 422 problems field by field, leaving out where the field was', () => {
    expect(
      liteLlmMessage({
        detail: [
          {
            type: 'float_parsing',
            loc: ['body', 'max_budget'],
            msg: 'Input should be a valid number, unable to parse string as a number',
            input: 'lots',
          },
          {
            type: 'greater_than_equal',
            loc: ['query', 'page'],
            msg: 'Input should be greater than or equal to 1',
          },
        ],
      }),
    ).toBe(
      'max_budget: Input should be a valid number, unable to parse string as a number; page: Input should be greater than or equal to 1',
    );
  });

  it('reads FastAPI’s own detail, as text or as an error', () => {
    expect(liteLlmMessage({ detail: 'Not Found' })).toBe('Not Found');
    expect(liteLlmMessage({ detail: { error: 'No keys found' } })).toBe('No keys found');
  });

  it('says nothing of an answer that is not a refusal it knows', () => {
    expect(liteLlmMessage(undefined)).toBe('');
    expect(liteLlmMessage('<html>')).toBe('');
    expect(liteLlmMessage({ error: { message: { nested: true } } })).toBe('');
  });
});
