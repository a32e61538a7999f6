import { useCallback, useRef, useState } from 'react'
import { fieldSpec } from '../metadata/fields'

export type FieldMap = Record<string, string>

export interface MetadataValues {
  values: FieldMap
  errors: FieldMap
  notes: FieldMap
  setValue(name: string, value: string): void
  /** Check one field as the user leaves it; a normalised value replaces what was typed. */
  blur(name: string): void
  /** Check every non-empty field; returns the normalised values, or null when one is invalid. */
  validateAll(): FieldMap | null
  /** Show the server's `rejected` reasons next to their fields. */
  showServerErrors(rejected: Record<string, string>): void
}

// Choices made from a list are final as soon as they change; typed text is checked on leaving.
const CHECK_ON_CHANGE = new Set(['datetime', 'sex', 'date'])

export function checkValue(name: string, raw: string): { value: string; error?: string; note?: string } {
  const spec = fieldSpec(name)
  if (!raw.trim() || !spec?.check) return { value: raw }
  const result = spec.check(raw)
  return result.ok ? { value: result.value, note: result.note } : { value: raw, error: result.message }
}

export function useMetadataValues(initial: FieldMap = {}): MetadataValues {
  const [values, setValues] = useState<FieldMap>(initial)
  const [errors, setErrors] = useState<FieldMap>({})
  const [notes, setNotes] = useState<FieldMap>({})
  // Read through a ref so `blur` stays the same function and unchanged fields skip re-rendering.
  const latestValues = useRef(values)
  latestValues.current = values

  const record = useCallback((name: string, checked: { value: string; error?: string; note?: string }) => {
    setValues((current) => ({ ...current, [name]: checked.value }))
    setErrors(({ [name]: _dropped, ...rest }) => (checked.error ? { ...rest, [name]: checked.error } : rest))
    setNotes(({ [name]: _dropped, ...rest }) => (checked.note ? { ...rest, [name]: checked.note } : rest))
  }, [])

  const setValue = useCallback(
    (name: string, value: string) => {
      if (CHECK_ON_CHANGE.has(fieldSpec(name)?.kind ?? '')) record(name, checkValue(name, value))
      else record(name, { value })
    },
    [record],
  )

  const blur = useCallback((name: string) => record(name, checkValue(name, latestValues.current[name] ?? '')), [record])

  const validateAll = useCallback((): FieldMap | null => {
    const checked = Object.fromEntries(Object.entries(values).map(([name, raw]) => [name, checkValue(name, raw)]))
    for (const [name, result] of Object.entries(checked)) record(name, result)
    if (Object.values(checked).some((result) => result.error)) return null
    return Object.fromEntries(Object.entries(checked).map(([name, result]) => [name, result.value]))
  }, [values, record])

  const showServerErrors = useCallback((rejected: Record<string, string>) => {
    setErrors((current) => ({ ...current, ...rejected }))
  }, [])

  return { values, errors, notes, setValue, blur, validateAll, showServerErrors }
}
