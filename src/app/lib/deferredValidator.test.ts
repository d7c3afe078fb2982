import { describe, expect, it } from 'vitest';
import { collection } from '../../core/toolset/bundle';
import { createCompilingValidator } from '../../core/validation/compile';
import type { Validator } from '../../core/validation/validator';
import { deferredValidator, validatorReady } from './deferredValidator';

const readFile = collection.toolsets.flatMap((toolset) => toolset.tools).find((tool) => tool.name === 'read_file')!;

describe('the page validator before its code has arrived', () => {
  it('answers nothing until it has loaded, then answers as the validator it loaded', async () => {
    let loads = 0;
    const stand = deferredValidator(async () => {
      loads += 1;
      return createCompilingValidator();
    });
    expect(loads).toBe(0);
    expect(() => stand.validate(readFile, { path: 'README.md' })).toThrow(/still loading/);
    expect(() => stand.regexEngine).toThrow(/still loading/);
    const ready = validatorReady(stand);
    expect(validatorReady(stand)).toBe(ready);
    await ready;
    expect(loads).toBe(1);
    expect(stand.validate(readFile, { path: 'README.md' }).valid).toBe(true);
    expect(stand.validate(readFile, { path: 42 }).errors.map((error) => error.code)).toEqual(['type_mismatch']);
    expect(stand.canCompile).toBe(true);
    // Read by React's `use` without suspending once loaded.
    expect((validatorReady(stand) as Promise<unknown> & { status?: string }).status).toBe('fulfilled');
  });

  it('asks again after a load that failed', async () => {
    let attempts = 0;
    const stand = deferredValidator(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('offline');
      return createCompilingValidator();
    });
    await expect(validatorReady(stand)).rejects.toThrow('offline');
    await validatorReady(stand);
    expect(attempts).toBe(2);
    expect(stand.validate(readFile, { path: 'README.md' }).valid).toBe(true);
  });

  it('a validator built whole is ready at once', () => {
    const whole: Validator = createCompilingValidator();
    expect((validatorReady(whole) as Promise<unknown> & { status?: string }).status).toBe('fulfilled');
  });

  it('keeps its start on itself: two stand-ins load their own validators', async () => {
    const loaded: Validator[] = [];
    const standIn = () =>
      deferredValidator(async () => {
        const validator = createCompilingValidator();
        loaded.push(validator);
        return validator;
      });
    const first = standIn();
    const second = standIn();
    await validatorReady(first);
    expect(loaded).toHaveLength(1);
    expect(() => second.validate(readFile, { path: 'README.md' })).toThrow(/still loading/);
    await validatorReady(second);
    expect(loaded).toHaveLength(2);
    expect(second.validate(readFile, { path: 'README.md' }).valid).toBe(true);
  });
});
