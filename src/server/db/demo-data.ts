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
  /** staff email -> the courses they teach */
  teaching: Record<string, string[]>
  category: string
  /** Demo news: course name, grade name or 'all'. */
  posts: { title: string; content: string; course?: string; grade?: string; author: string }[]
  eventCategories: { name: string; color: string }[]
  /**
   * A month of the calendar, from the seed's day: `day` is days from today in the college's time
   * zone; `at` and `until` its wall-clock times (none: all day, `days` long).
   */
  events: DemoEvent[]
}

export type DemoEvent = {
  name: string
  day: number
  at?: string
  until?: string
  days?: number
  category: string
  location?: string
  description?: string
  course?: string
  grade?: string
  author: string
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
    teaching: { 'staff@demo.test': ['1° Básico A', '2° Básico A'] },
    category: 'Noticias',
    eventCategories: [
      { name: 'Académico', color: '#2563eb' },
      { name: 'Reuniones', color: '#d97706' },
      { name: 'Actividades', color: '#16a34a' },
      { name: 'Feriados', color: '#dc2626' },
    ],
    events: [
      { name: 'Inicio del segundo semestre', day: -3, category: 'Académico', author: 'admin@demo.test' },
      {
        name: 'Reunión de apoderados 1° Básico A',
        day: 2,
        at: '19:00',
        until: '20:30',
        category: 'Reuniones',
        location: 'Sala 12',
        description: 'Revisaremos el avance del semestre y la salida pedagógica.',
        course: '1° Básico A',
        author: 'staff@demo.test',
      },
      {
        name: 'Prueba de Matemáticas',
        day: 4,
        at: '08:30',
        until: '10:00',
        category: 'Académico',
        description: 'Contenidos: sumas y restas hasta 100.',
        grade: '1° Básico',
        author: 'staff@demo.test',
      },
      {
        name: 'Taller de lectura',
        day: 5,
        at: '15:00',
        until: '16:00',
        category: 'Actividades',
        location: 'Biblioteca',
        course: '1° Básico B',
        author: 'staff@demo.test',
      },
      {
        name: 'Acto cívico',
        day: 7,
        at: '08:00',
        until: '08:45',
        category: 'Actividades',
        location: 'Patio central',
        author: 'admin@demo.test',
      },
      {
        name: 'Feria científica',
        day: 9,
        at: '10:00',
        until: '13:00',
        category: 'Actividades',
        location: 'Gimnasio',
        description: 'Los cursos presentan sus proyectos. Las familias están invitadas.',
        author: 'admin@demo.test',
      },
      { name: 'Interferiado: no hay clases', day: 12, category: 'Feriados', author: 'admin@demo.test' },
      {
        name: 'Salida pedagógica al museo',
        day: 15,
        at: '09:00',
        until: '14:00',
        category: 'Actividades',
        location: 'Museo Nacional de Historia Natural, Santiago',
        description: 'Traer colación y la autorización firmada.',
        course: '2° Básico A',
        author: 'staff@demo.test',
      },
      { name: 'Jornada deportiva', day: 19, category: 'Actividades', author: 'admin@demo.test' },
      {
        name: 'Entrega de informes de notas',
        day: 23,
        at: '18:00',
        until: '19:30',
        category: 'Reuniones',
        author: 'admin@demo.test',
      },
      {
        name: 'Vacunación escolar',
        day: 26,
        at: '09:00',
        until: '12:00',
        category: 'Académico',
        location: 'Enfermería',
        grade: '1° Básico',
        author: 'admin@demo.test',
      },
      {
        name: 'Semana de la chilenidad',
        day: 28,
        days: 3,
        category: 'Actividades',
        author: 'admin@demo.test',
      },
    ],
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
    teaching: {},
    category: 'News',
    eventCategories: [
      { name: 'Academic', color: '#2563eb' },
      { name: 'Meetings', color: '#d97706' },
    ],
    events: [
      {
        name: 'Parents evening',
        day: 3,
        at: '18:00',
        until: '20:00',
        category: 'Meetings',
        location: 'Main hall',
        author: 'admin@beta.test',
      },
      { name: 'Year 7 trip', day: 10, category: 'Academic', course: '7A', author: 'admin@beta.test' },
    ],
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
