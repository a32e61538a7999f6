import type { UploadMetadata } from '../api/client'
import { FIELD_SPECS } from './fields'
import { splitExperimenters, splitKeywords } from './rules'

/** Form values (already checked) as the upload's metadata: lists where NWB wants lists. */
export function toUploadMetadata(values: Record<string, string>): UploadMetadata {
  const metadata: UploadMetadata = {}
  for (const [name, raw] of Object.entries(values)) {
    const value = raw.trim()
    if (!value) continue
    if (name === 'experimenter') metadata[name] = splitExperimenters(value)
    else if (name === 'keywords') metadata[name] = splitKeywords(value)
    else metadata[name] = value
  }
  return metadata
}

/** Required fields still empty (age counts as given when the date of birth is). */
export function missingRequired(values: Record<string, string>): string[] {
  const given = (name: string) => Boolean(values[name]?.trim())
  return FIELD_SPECS.filter((spec) => spec.required && !given(spec.name))
    .filter((spec) => !(spec.name === 'age' && given('date_of_birth')))
    .map((spec) => spec.label)
}
