import { defineConfig } from 'vitest/config';

// Three projects: unit tests next to the code, API tests against a real database (PGlite, or
// PostgreSQL when DATABASE_URL is set) and property tests of the sync engine.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'server/**/*.test.ts', 'tests/lint/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          // One seeded database per run, copied by each file (tests/api/seeded-template.ts).
          globalSetup: ['tests/api/seeded-template.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      // Several server processes need a shared PostgreSQL: this project exists only with DATABASE_URL.
      ...(process.env.DATABASE_URL
        ? [
            {
              test: {
                name: 'cluster',
                include: ['tests/cluster/**/*.test.ts'],
                environment: 'node',
                testTimeout: 120_000,
                hookTimeout: 200_000,
              },
            },
            // Server processes killed and restarted mid-push, PostgreSQL going away (issue #12).
            {
              test: {
                name: 'faults',
                include: ['tests/faults/**/*.test.ts'],
                environment: 'node',
                testTimeout: 120_000,
                hookTimeout: 200_000,
              },
            },
          ]
        : []),
      {
        test: {
          name: 'property',
          include: ['tests/property/**/*.test.ts'],
          globalSetup: ['tests/api/seeded-template.ts'],
          environment: 'node',
          testTimeout: 300_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
