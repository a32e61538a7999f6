import type { FileWithPath } from 'react-dropzone'
import type { UploadItem } from '../api/client'

const IGNORED_NAMES = new Set(['.DS_Store', 'Thumbs.db', 'desktop.ini'])

/**
 * The path to send as the multipart filename. Dropped folders give "/run_g0/x.bin", the folder
 * picker gives webkitRelativePath "run_g0/x.bin", loose files "./x.bin": all become "run_g0/x.bin" or "x.bin".
 */
export function relativePathOf(file: File): string {
  const withPath = file as FileWithPath & { relativePath?: string }
  const raw = withPath.relativePath || withPath.path || file.webkitRelativePath || file.name
  return raw.replace(/\\/g, '/').replace(/^(\.\/|\/)+/, '')
}

export function toUploadItems(files: readonly File[]): UploadItem[] {
  return files
    .filter((file) => !IGNORED_NAMES.has(file.name))
    .map((file) => ({ file, relativePath: relativePathOf(file) }))
    .sort((a, b) => a.relativePath.localeCompare(b.relativePath))
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  const units = ['KB', 'MB', 'GB', 'TB']
  let value = bytes / 1024
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit += 1
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`
}

/** "sample_run_g0" when everything sits in one folder, else "3 files". */
export function describeSelection(items: UploadItem[]): string {
  if (items.length === 0) return 'Nothing chosen'
  const tops = new Set(items.map((item) => (item.relativePath.includes('/') ? item.relativePath.split('/')[0] : '')))
  const [only] = [...tops]
  const count = `${items.length} file${items.length === 1 ? '' : 's'}`
  return tops.size === 1 && only ? `Folder ${only} (${count})` : count
}
