// The demo colleges, people and news documented in the README.
import type { BuiltInRole } from '#shared/permissions.ts'

export const DEMO_PASSWORD = 'demo12345'

export type DemoUser = {
  email: string
  name: string
  first_lastname: string
  role: BuiltInRole
  rut?: string
}

export type DemoCollege = {
  slug: string
  name: string
  short_name: string
  acronym: string
  language: string
  theme_color: string
  hosts: string[]
  email: string
  phone: string
  address: string
  commune: string
  users: DemoUser[]
  grades: { name: string; courses: string[] }[]
  /** student email -> course name */
  enrollments: Record<string, string>
  /** guardian email -> student emails */
  guardianships: Record<string, string[]>
  category: string
  /** Demo news: course name, grade name or 'all'. */
  posts: { title: string; content: string; course?: string; grade?: string; author: string }[]
}

export const DEMO_COLLEGES: DemoCollege[] = [
  {
    slug: 'demo',
    name: 'Colegio Demo',
    short_name: 'Demo',
    acronym: 'CD',
    language: 'es',
    theme_color: '#1d4ed8',
    hosts: ['localhost', '127.0.0.1'],
    email: 'contacto@demo.test',
    phone: '+56 2 2345 6789',
    address: 'Av. Siempre Viva 742',
    commune: 'Providencia',
    users: [
      {
        email: 'admin@demo.test',
        name: 'Ana',
        first_lastname: 'Administradora',
        role: 'admin',
        rut: '11.111.111-1',
      },
      { email: 'staff@demo.test', name: 'Sergio', first_lastname: 'Profesor', role: 'staff' },
      { email: 'guardian@demo.test', name: 'Gabriela', first_lastname: 'Apoderada', role: 'guardian' },
      { email: 'student@demo.test', name: 'Tomás', first_lastname: 'Apoderada', role: 'student' },
      { email: 'student2@demo.test', name: 'Isidora', first_lastname: 'Pérez', role: 'student' },
      { email: 'company@demo.test', name: 'Carla', first_lastname: 'Emprendedora', role: 'company' },
    ],
    grades: [
      { name: '1° Básico', courses: ['1° Básico A', '1° Básico B'] },
      { name: '2° Básico', courses: ['2° Básico A'] },
    ],
    enrollments: { 'student@demo.test': '1° Básico A', 'student2@demo.test': '2° Básico A' },
    guardianships: { 'guardian@demo.test': ['student@demo.test'] },
    category: 'Noticias',
    posts: [
      {
        title: 'Comienza el año escolar',
        content:
          '<p>Les damos la bienvenida a un nuevo año. <strong>Las clases comienzan el lunes a las 8:00.</strong></p>',
        author: 'admin@demo.test',
      },
      {
        title: 'Salida pedagógica de 1° Básico A',
        content: '<p>El viernes visitaremos el museo. Recuerden enviar la autorización firmada.</p>',
        course: '1° Básico A',
        author: 'staff@demo.test',
      },
      {
        title: 'Reunión de apoderados de 2° Básico',
        content: '<p>Los esperamos el jueves a las 19:00 en la sala de 2° Básico A.</p>',
        grade: '2° Básico',
        author: 'staff@demo.test',
      },
    ],
  },
  {
    slug: 'beta',
    name: 'Beta College',
    short_name: 'Beta',
    acronym: 'BC',
    language: 'en',
    theme_color: '#047857',
    hosts: ['beta.localhost'],
    email: 'office@beta.test',
    phone: '+44 20 7946 0000',
    address: '1 College Road',
    commune: 'Santiago',
    users: [
      { email: 'admin@beta.test', name: 'Alex', first_lastname: 'Admin', role: 'admin' },
      { email: 'guardian@beta.test', name: 'Grace', first_lastname: 'Guardian', role: 'guardian' },
    ],
    grades: [{ name: 'Year 7', courses: ['7A'] }],
    enrollments: {},
    guardianships: {},
    category: 'News',
    posts: [
      {
        title: 'Welcome back',
        content: '<p>Term starts on Monday. We look forward to seeing everyone.</p>',
        author: 'admin@beta.test',
      },
    ],
  },
]

export const PLATFORM_OWNER = { email: 'root@platform.test', name: 'Platform', first_lastname: 'Owner' }
