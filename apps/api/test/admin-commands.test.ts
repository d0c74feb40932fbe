import { readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';

const COMMANDS_DIR = new URL('../src/admin/commands/', import.meta.url);

describe('admin commands', () => {
  it('each export their AdminCommand the same way, as `command`', async () => {
    const files = (await readdir(COMMANDS_DIR)).filter((name) => name.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const module: Record<string, unknown> = await import(new URL(file, COMMANDS_DIR).href);
      expect(module, file).not.toHaveProperty('default');
      expect(module.command, file).toMatchObject({
        usage: expect.any(String),
        options: expect.any(Object),
        run: expect.any(Function),
      });
    }
  });
});
