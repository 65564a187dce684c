import { describe, expect, it } from 'vitest';
import { buildProject } from '../../../testing/mocks/catalogue';
import { filterProjects, projectTotals, sortProjects } from './project-table';

const projects = [
  buildProject({ id: 'AAAAAAA1', slug: 'beta-lanterns', title: 'beta Lanterns', status: 'approved', project_type: 'mod', downloads: 50, followers: 9 }),
  buildProject({ id: 'AAAAAAA2', slug: 'alpha-pack', title: 'Alpha Pack', status: 'draft', project_type: 'modpack', downloads: 500, followers: 1 }),
  buildProject({ id: 'AAAAAAA3', slug: 'gamma-shader', title: 'Gamma Shader 10', status: 'rejected', project_type: 'shader', downloads: 50, followers: 30 }),
  buildProject({ id: 'AAAAAAA4', slug: 'gamma-shader-2', title: 'Gamma Shader 2', status: 'processing', project_type: 'shader', downloads: 0, followers: 0 }),
];
const titles = (list: { title: string }[]) => list.map((project) => project.title);

describe('sortProjects', () => {
  it('sorts names case-insensitively with numbers in numeric order, both ways', () => {
    expect(titles(sortProjects(projects, 'name', 'ascending'))).toEqual(['Alpha Pack', 'beta Lanterns', 'Gamma Shader 2', 'Gamma Shader 10']);
    expect(titles(sortProjects(projects, 'name', 'descending'))).toEqual(['Gamma Shader 10', 'Gamma Shader 2', 'beta Lanterns', 'Alpha Pack']);
  });

  it('puts projects needing attention first when sorting by status', () => {
    expect(sortProjects(projects, 'status', 'ascending').map((p) => p.status)).toEqual(['rejected', 'draft', 'processing', 'approved']);
  });

  it('breaks ties by name whatever the direction', () => {
    expect(titles(sortProjects(projects, 'downloads', 'descending'))).toEqual(['Alpha Pack', 'beta Lanterns', 'Gamma Shader 10', 'Gamma Shader 2']);
    expect(titles(sortProjects(projects, 'type', 'ascending'))).toEqual(['beta Lanterns', 'Alpha Pack', 'Gamma Shader 2', 'Gamma Shader 10']);
  });

  it('leaves the input alone', () => {
    const before = titles(projects);
    sortProjects(projects, 'followers', 'ascending');
    expect(titles(projects)).toEqual(before);
  });
});

describe('filterProjects and projectTotals', () => {
  it('filters by status and by a name or slug fragment', () => {
    expect(titles(filterProjects(projects, { query: '', status: 'draft' }))).toEqual(['Alpha Pack']);
    expect(titles(filterProjects(projects, { query: 'SHADER-2', status: 'all' }))).toEqual(['Gamma Shader 2']);
    expect(titles(filterProjects(projects, { query: 'gamma', status: 'rejected' }))).toEqual(['Gamma Shader 10']);
  });

  it('adds up downloads and followers', () => {
    expect(projectTotals(projects)).toEqual({ projects: 4, downloads: 600, followers: 40 });
    expect(projectTotals([])).toEqual({ projects: 0, downloads: 0, followers: 0 });
  });
});
