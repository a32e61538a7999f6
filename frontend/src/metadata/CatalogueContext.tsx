import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react'
import type { ApiClient } from '../api/client'
import type { FieldCheck, MetadataCatalogue } from '../api/types'

export type CheckValues = (values: Record<string, string>) => Promise<Record<string, FieldCheck>>

interface CatalogueValue {
  catalogue: MetadataCatalogue | null
  /** Loaded, or failed to load (forms then fall back to plain inputs; the server still checks). */
  ready: boolean
  /** The server's rules on typed values; null while it cannot be reached (the server checks on send). */
  check: CheckValues | null
}

const CatalogueContext = createContext<CatalogueValue>({ catalogue: null, ready: true, check: null })

/** Loads the served field list once and offers the server's check to every form below it. */
export function CatalogueProvider({
  api,
  onError,
  children,
}: {
  api: Pick<ApiClient, 'metadataFields' | 'checkMetadata'>
  onError?(error: unknown, context: string): void
  children: ReactNode
}) {
  const [catalogue, setCatalogue] = useState<MetadataCatalogue | null>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    api
      .metadataFields()
      .then(setCatalogue)
      .catch((error: unknown) => {
        setFailed(true)
        onError?.(error, 'Reading the metadata fields')
      })
  }, [api, onError])
  const value = useMemo<CatalogueValue>(
    () => ({
      catalogue,
      ready: catalogue !== null || failed,
      check: async (values) => (await api.checkMetadata(values)).results,
    }),
    [api, catalogue, failed],
  )
  return <CatalogueContext.Provider value={value}>{children}</CatalogueContext.Provider>
}

export function useCatalogue(): CatalogueValue {
  return useContext(CatalogueContext)
}
