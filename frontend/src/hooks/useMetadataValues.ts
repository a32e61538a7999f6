import { useCallback, useRef, useState } from 'react'
import type { ValueProposalView } from '../api/types'
import { type CheckValues, useCatalogue } from '../metadata/CatalogueContext'
import { fieldSpec } from '../metadata/catalogue'

export type FieldMap = Record<string, string>

/** The server's question about a value that may mean more than one thing, with its readings. */
export interface AskedBack {
  question: string
  proposals: ValueProposalView[]
}

export interface MetadataValues {
  values: FieldMap
  errors: FieldMap
  notes: FieldMap
  questions: Record<string, AskedBack>
  setValue(name: string, value: string): void
  /** Check one field with the server's rules as the user leaves it; the typed words stay as they are. */
  blur(name: string): void
  /** Take one of the server's readings ("Did you mean rhesus macaque (Macaca mulatta)?"): one click. */
  take(name: string, value: string): void
  /** Check every non-empty field; the typed values when none is refused, else null. */
  validateAll(): Promise<FieldMap | null>
  /** Show the server's `rejected` reasons next to their fields. */
  showServerErrors(rejected: Record<string, string>): void
}

// Choices made from a list are final as soon as they change; typed text is checked on leaving.
const CHECK_ON_CHANGE = new Set(['datetime', 'sex', 'date'])

export function useMetadataValues(initial: FieldMap = {}): MetadataValues {
  const { catalogue, check } = useCatalogue()
  const [values, setValues] = useState<FieldMap>(initial)
  const [errors, setErrors] = useState<FieldMap>({})
  const [notes, setNotes] = useState<FieldMap>({})
  const [questions, setQuestions] = useState<Record<string, AskedBack>>({})
  // Read through refs so the callbacks stay the same functions and unchanged fields skip re-rendering.
  const latestValues = useRef(values)
  latestValues.current = values
  const checkRef = useRef<CheckValues | null>(check)
  checkRef.current = check

  const applyChecks = useCallback(async (typed: FieldMap): Promise<boolean> => {
    const given = Object.fromEntries(Object.entries(typed).filter(([, value]) => value.trim() !== ''))
    const names = Object.keys(typed)
    const drop = <T>(map: Record<string, T>) =>
      Object.fromEntries(Object.entries(map).filter(([name]) => !names.includes(name)))
    const checkValues = checkRef.current
    if (!checkValues || Object.keys(given).length === 0) {
      setErrors(drop)
      setNotes(drop)
      setQuestions(drop)
      return true
    }
    let results: Awaited<ReturnType<CheckValues>>
    try {
      results = await checkValues(given)
    } catch {
      return true // the server checks again when the values are sent
    }
    // A value changed while its check was on its way is checked again when the person leaves it.
    const current = Object.entries(results).filter(([name]) => latestValues.current[name] === typed[name])
    const pick = (read: (result: (typeof results)[string]) => string | undefined) =>
      Object.fromEntries(current.flatMap(([name, result]) => (read(result) ? [[name, read(result) as string]] : [])))
    setErrors((old) => ({ ...drop(old), ...pick((r) => (r.error ? `${r.error} Example: ${r.example}` : undefined)) }))
    setNotes((old) => ({ ...drop(old), ...pick((r) => r.note || undefined) }))
    setQuestions((old) => ({
      ...drop(old),
      ...Object.fromEntries(
        current
          .filter(([, result]) => result.question)
          .map(([name, result]) => [name, { question: result.question ?? '', proposals: result.proposals ?? [] }]),
      ),
    }))
    return current.every(([, result]) => result.ok || Boolean(result.question))
  }, [])

  const setValue = useCallback(
    (name: string, value: string) => {
      setValues((old) => ({ ...old, [name]: value }))
      latestValues.current = { ...latestValues.current, [name]: value }
      if (CHECK_ON_CHANGE.has(fieldSpec(catalogue, name)?.kind ?? '')) void applyChecks({ [name]: value })
    },
    [catalogue, applyChecks],
  )

  const blur = useCallback(
    (name: string) => void applyChecks({ [name]: latestValues.current[name] ?? '' }),
    [applyChecks],
  )

  const take = useCallback(
    (name: string, value: string) => {
      setValues((old) => ({ ...old, [name]: value }))
      latestValues.current = { ...latestValues.current, [name]: value }
      void applyChecks({ [name]: value })
    },
    [applyChecks],
  )

  const validateAll = useCallback(async (): Promise<FieldMap | null> => {
    const typed = { ...latestValues.current }
    return (await applyChecks(typed)) ? typed : null
  }, [applyChecks])

  const showServerErrors = useCallback((rejected: Record<string, string>) => {
    setErrors((current) => ({ ...current, ...rejected }))
  }, [])

  return { values, errors, notes, questions, setValue, blur, take, validateAll, showServerErrors }
}
