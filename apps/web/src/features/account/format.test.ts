import { describe, expect, it } from 'vitest';
import { describeUserAgent } from './format.ts';

describe('describeUserAgent', () => {
  it('names the browser and system of common user agents', () => {
    expect(
      describeUserAgent(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36',
      ),
    ).toEqual({ browser: 'Chrome 138', system: 'Linux' });
    expect(
      describeUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0'),
    ).toEqual({ browser: 'Firefox 128', system: 'Windows' });
    expect(
      describeUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual({ browser: 'Safari 17', system: 'iOS' });
  });

  it('leaves what it does not know unnamed', () => {
    expect(describeUserAgent('curl/8.5.0')).toEqual({ browser: null, system: null });
  });
});
