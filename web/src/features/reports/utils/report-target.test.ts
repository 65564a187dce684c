import { describe, expect, it } from 'vitest';
import { parseReportTarget } from './report-target';

describe('parseReportTarget', () => {
  it('reads ids as the chosen content type', () => {
    expect(parseReportTarget('  Dc7EYhxG ', 'version')).toEqual({ type: 'version', id: 'Dc7EYhxG' });
    expect(parseReportTarget('   ', 'project')).toBeNull();
  });

  it('reads the item from a pasted page address, whatever type was chosen', () => {
    expect(parseReportTarget('https://cairn.example/mod/sodium-plus/versions', 'user')).toEqual({ type: 'project', id: 'sodium-plus' });
    expect(parseReportTarget('https://cairn.example/modpack/pack/version/AbCd1234', 'project')).toEqual({ type: 'version', id: 'AbCd1234' });
    expect(parseReportTarget('/user/Someone', 'project')).toEqual({ type: 'user', id: 'Someone' });
    expect(parseReportTarget('https://cairn.example/project/AbCd1234', 'user')).toEqual({ type: 'project', id: 'AbCd1234' });
  });

  it('refuses addresses that name no reportable item', () => {
    expect(parseReportTarget('https://cairn.example/settings/profile', 'project')).toBeNull();
    expect(parseReportTarget('https://cairn.example/mod', 'project')).toBeNull();
  });
});
