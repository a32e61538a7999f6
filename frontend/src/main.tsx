import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import App from './App'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no element with id "root" to render the app into')

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
