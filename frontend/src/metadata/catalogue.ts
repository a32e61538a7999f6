// The metadata fields as the server serves them (GET /api/metadata/fields): the web app keeps no
// copy of the field list, the rules or the species table, so the two cannot drift.
import type { MetadataCatalogue, MetadataFieldView } from '../api/types'

export type FieldKind = MetadataFieldView['kind'] | 'choice'

/** One input of a form: a served field, or a value a request asks for that the catalogue does not hold. */
export interface FieldSpec {
  name: string
  label: string
  required: boolean
  kind: FieldKind
  help: string
  example: string
  why?: string
  /** For sex and for requests that name their choices. */
  options?: { value: string; label: string }[]
}

export function capitalised(text: string): string {
  return text.replace(/^./, (c) => c.toUpperCase())
}

export function specFromView(view: MetadataFieldView): FieldSpec {
  return {
    name: view.name,
    label: capitalised(view.label),
    required: view.required,
    kind: view.kind,
    help: view.description,
    example: view.example,
    why: view.why,
    options: view.options?.map((option) => ({ value: option.value, label: option.label })),
  }
}

export function fieldSpec(catalogue: MetadataCatalogue | null, name: string): FieldSpec | undefined {
  if (!catalogue) return undefined
  const wanted = catalogue.aliases?.[name] ?? name
  const view = catalogue.fields.find((field) => field.name === wanted)
  return view ? { ...specFromView(view), name } : undefined
}

export function humanLabel(name: string, catalogue: MetadataCatalogue | null = null): string {
  // A value for one object of the file: "electrode_location[imec0]" is the brain area of imec0.
  const perObject = /^([a-z_]+)\[(.+)\]$/.exec(name)
  if (perObject) return `${humanLabel(perObject[1], catalogue)} of ${perObject[2]}`
  return fieldSpec(catalogue, name)?.label ?? capitalised(name.replace(/_/g, ' '))
}

/** Required fields still empty; a field counts as given when its alternative is (age / date of birth). */
export function missingRequired(catalogue: MetadataCatalogue | null, values: Record<string, string>): string[] {
  const given = (name: string | null | undefined) => Boolean(name && values[name]?.trim())
  return (catalogue?.fields ?? [])
    .filter((field) => field.required && !given(field.name) && !given(field.alternative))
    .map((field) => capitalised(field.label))
}

/** What the person typed, as the upload's metadata: the server splits names and keywords itself. */
export function typedValues(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values)
      .map(([name, value]) => [name, value.trim()] as const)
      .filter(([, value]) => value !== ''),
  )
}
