import { describe, expect, it } from 'vitest';
import { classifyRefusal } from '../http-load.js';
import { ResponseParser } from '../http-response-parser.js';

const feed = (parser: ResponseParser, text: string) => {
  const buf = Buffer.from(text);
  return parser.feed(buf, buf.length);
};

describe('refusals of a load', () => {
  it('keeps the start of a non-2xx body and classifies it by status and code', () => {
    const parser = new ResponseParser();
    parser.expect(false);
    const body = '{"message":"Busy, try again","code":"LEDGER_BUSY","retry_after_seconds":1}';
    expect(feed(parser, `HTTP/1.1 503 Service Unavailable\r\ncontent-length: ${body.length}\r\n\r\n${body.slice(0, 20)}`)).toBe(false);
    expect(feed(parser, body.slice(20))).toBe(true);
    expect(classifyRefusal(parser.status, parser.refusal)).toEqual({ key: '503 LEDGER_BUSY', message: 'Busy, try again' });
  });

  it('keeps nothing of a 2xx body', () => {
    const parser = new ResponseParser();
    parser.expect(false);
    expect(feed(parser, 'HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n{}')).toBe(true);
    expect(parser.refusal).toBe('');
  });

  it('says so when the body is not a JSON error', () => {
    expect(classifyRefusal(502, 'Bad Gateway')).toEqual({ key: '502 -', message: 'Bad Gateway' });
    expect(classifyRefusal(500, '{"message":"Internal error"}')).toEqual({ key: '500 -', message: 'Internal error' });
  });
});
