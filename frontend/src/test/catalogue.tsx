// The served field list in the web app's unit tests: what GET /api/metadata/fields answers,
// written by scripts/generate-client.sh from the backend (no copy kept by hand), and a stand-in
// for POST /api/metadata/check that answers what each test scripts.
import type { ReactElement } from 'react'
import { vi } from 'vitest'
import type { FieldCheck, MetadataCatalogue } from '../api/types'
import { CatalogueProvider } from '../metadata/CatalogueContext'
import served from './metadata-catalogue.gen.json'

export const CATALOGUE = served as MetadataCatalogue

/** The server's reading of each typed value: by field name, or accepted as typed when not scripted. */
export type CheckAnswers = Record<string, (typed: string) => Partial<FieldCheck>>

/** The check's answer to `values`, as the server would send it for what the test scripts. */
export function checkAnswer(values: Record<string, string | string[]>, answers: CheckAnswers = {}) {
  return {
    results: Object.fromEntries(
      Object.entries(values).map(([name, typed]) => {
        const answer = answers[name]?.(String(typed)) ?? {}
        const check: FieldCheck = {
          ok: !answer.error && !answer.question,
          value: typed,
          shown: String(typed),
          note: '',
          error: '',
          example: '',
          question: '',
          proposals: [],
          ...answer,
        }
        return [name, check]
      }),
    ),
  }
}

export function fakeCheck(answers: CheckAnswers = {}) {
  return vi.fn(async (values: Record<string, string | string[]>) => checkAnswer(values, answers))
}

export function withCatalogue(ui: ReactElement, answers: CheckAnswers = {}) {
  const checkMetadata = fakeCheck(answers)
  const api = { metadataFields: async () => CATALOGUE, checkMetadata }
  return { ui: <CatalogueProvider api={api}>{ui}</CatalogueProvider>, checkMetadata }
}
