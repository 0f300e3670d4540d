import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { NO_CONNECTION_TEXT, TRY_AGAIN_TEXT, failureText, isNoConnection } from './connection';
import { NetworkError } from './http';

describe('failureText: never the browser raw network message', () => {
  it("says 'No connection to the server...' for fetch's TypeError, a NetworkError and a gateway error", () => {
    for (const e of [new TypeError('Failed to fetch'), new NetworkError(), new ApiError(503, 'Service Unavailable', '')]) {
      expect(isNoConnection(e)).toBe(true);
      expect(failureText(e)).toBe(NO_CONNECTION_TEXT);
    }
  });

  it("gives the server's own message when it answered, else the fallback", () => {
    const refused = new ApiError(409, 'Conflict', JSON.stringify({ message: 'The file is used by 2 content items', code: 'in_use' }));
    expect(isNoConnection(refused)).toBe(false);
    expect(failureText(refused)).toBe('The file is used by 2 content items');
    expect(failureText(new ApiError(500, 'Internal Server Error', 'boom'))).toBe(TRY_AGAIN_TEXT);
    expect(failureText(new Error('odd'), 'The upload failed.')).toBe('The upload failed.');
  });
});
